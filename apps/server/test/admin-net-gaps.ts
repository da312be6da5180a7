/**
 * What Lintel does not serve of Admin.NET's API, and why (admin-net-contract.ts holds what it does):
 * the controllers it has none of, and the missing operations of those it has, each with its issue.
 */

/**
 * The other Admin.NET controllers of the table. When Lintel gains a route under one of them, its
 * operations move into ADMIN_NET_OPERATIONS (the test says so).
 */
export const ADMIN_NET_OTHER_CONTROLLERS: readonly string[] = [
  'sysUserRegWay',
  'sysUserConfig',
  'sysTenantConfig',
  'sysEnum',
  'sysLangText',
  'sysLangTextCache',
  'sysTemplate',
  'sysEmail',
  'sysProc',
  'sysUpdate',
  'aPIJSON',
  'sysAlipay',
  'sysWechat',
  'sysWxOpen',
];

/** Where a missing operation's work is tracked, and why it is not here yet. */
export interface KnownGap {
  issue: string;
  why: string;
}

const ISSUE_11 = 'issue 11 (platform services)';
const smsProviders: KnownGap = {
  issue: ISSUE_11,
  why: 'SMS providers by name (Aliyun, Tencent) and their templates: Lintel has one SMS adapter sending the sign-in code',
};

/**
 * Operations of the controllers above that Lintel does not serve yet, each with the open issue its
 * module belongs to. The test fails when one of them appears (take it off this list) and when an
 * operation is missing without being listed here.
 */
export const KNOWN_GAPS: Readonly<Record<string, KnownGap>> = {
  'P sysWechatUser/add': {
    issue: 'issue 14 (integrations)',
    why: 'a third-party identity is bound by its owner signing in with the provider (or by the directory synchronisation), never typed in by an administrator: Lintel lists and unbinds',
  },
  'P sysWechatUser/update': {
    issue: 'issue 14 (integrations)',
    why: 'the fields of a binding are the provider’s (subject, profile) and change only when its owner signs in again',
  },
  'P sysJob/persistAll': {
    issue: ISSUE_11,
    why: 'Sundial keeps its schedulers in memory and persistAll writes them out; Lintel writes every trigger change to the database as it happens, so there is nothing left to persist',
  },
  'P sysJob/cancelSleep': {
    issue: ISSUE_11,
    why: 'Sundial wakes its sleeping scheduler loop; Lintel looks for due triggers every second, so there is no sleep to cancel',
  },
  'P sysAuth/userRegistration': {
    issue: 'no open issue yet',
    why:
      'self-registration needs registration schemes (Admin.NET sysUserRegWay: the role, organisation and ' +
      'position a new account gets), a module Lintel does not have',
  },
  'P sysSms/aliyunSendSms/{phoneNumber}/{templateId}': smsProviders,
  'P sysSms/aliyunSendSmsTemplate/{phoneNumber}/{templateId}': smsProviders,
  'P sysSms/tencentSendSms/{phoneNumber}/{templateId}': smsProviders,
  'P sysSms/verifyCode': {
    issue: ISSUE_11,
    why: 'checking an SMS code outside sign-in belongs to the SMS service (rate limits, one use per code)',
  },
  'P sysPlugin/compileAssembly': {
    issue: 'none: by design',
    why: 'Admin.NET compiles C# source at run time; a Lintel plugin is an ES module with a manifest, loaded from the plugins folder',
  },
  'P sysPlugin/removeAssembly/{assemblyName}': {
    issue: 'none: by design',
    why: 'no compiled assemblies: sysPlugin/delete removes a plugin with its folder, menus and grants',
  },
  'P sysPlugin/update': {
    issue: 'none: by design',
    why: 'a plugin is its folder: a new version is a new upload or folder, loaded at the next start; sysPlugin/setStatus is the switch',
  },
  'P sysDatabase/backupDatabase': {
    issue: 'none: by design',
    why: "backups are the database's own tools' work (pg_dump, PITR), not a web request's",
  },
  'P sysDatabase/createEntity': {
    issue: 'none: by design',
    why: "a table's Kysely type is written by the code generator with its module (<name>.table.ts)",
  },
  'P sysDatabase/moveColumn': {
    issue: 'none: by design',
    why: 'PostgreSQL has no column order to change short of rebuilding the table',
  },
  'P sysCache/beginCacheLock/{key}/{msTimeout}/{msExpire}/{throwOnFailure}': {
    issue: 'none: by design',
    why:
      "Admin.NET hands back an in-process lock object; over HTTP a lock outlives its holder's request, " +
      'so the server takes its locks itself (cache setIfAbsent with expiry, database advisory locks)',
  },
};
