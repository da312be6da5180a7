/**
 * Admin.NET's API surface for the controllers Lintel has, copied from the operations table of the
 * fact sheet `reference/admin-net.md` section 2 ("API surface (UP)": upstream Admin.NET, branch v2
 * at commit 84b181e0d, 2026-01-30). The shared folder is not part of the repository, so the
 * operations live here; admin-net-contract.test.ts checks each against the route inventory.
 *
 * An operation is `<verb> <action>` under `/api/<controller>/`: G GET, P POST, U PUT, D DELETE;
 * `{name}` is a path parameter (compared by shape, so `{userId}` matches `:userId` or `:id`).
 */
export type Verb = 'G' | 'P' | 'U' | 'D';
export type Operation = `${Verb} ${string}`;

/** Every operation of every Admin.NET controller that Lintel serves at least one route of. */
export const ADMIN_NET_OPERATIONS: Readonly<Record<string, readonly Operation[]>> = {
  sysAuth: [
    'G captcha',
    'P loginPhone',
    'P login',
    'P logout',
    'G refreshToken',
    'P unLockScreen',
    'G userInfo',
    'P userRegistration',
  ],
  swagger: ['P checkUrl', 'P submitUrl'],
  sysDatabase: [
    'P addColumn',
    'P addTable',
    'P backupDatabase',
    'G columnList/{tableName}/{configId}',
    'P createEntity',
    'P createSeedData',
    'G dbTypeList/{configId}',
    'P deleteColumn',
    'P deleteTable',
    'G list',
    'P moveColumn',
    'G tableList/{configId}',
    'P updateColumn',
    'P updateTable',
    'G visualDbTable',
  ],
  sysCodeGen: [
    'P add',
    'G applicationNamespaces',
    'G columnListByTableName/{tableName}/{configId}',
    'G databaseList',
    'P delete',
    'G detail',
    'P page',
    'P preview',
    'P runLocal',
    'G tableList/{configId}',
    'P update',
    'P syncField',
  ],
  sysCodeGenConfig: ['G detail', 'G list', 'P update'],
  sysJob: [
    'P addJobDetail',
    'P addJobTrigger',
    'P cancelJob',
    'P cancelSleep',
    'P clearJobTriggerRecord',
    'P deleteJobDetail',
    'P deleteJobTrigger',
    'G jobClusterList',
    'G jobTriggerList',
    'P listJobGroup',
    'P pageJobDetail',
    'P pageJobTriggerRecord',
    'P pauseAllJob',
    'P pauseJob',
    'P persistAll',
    'P runJob',
    'P startAllJob',
    'P startJob',
    'P startTrigger',
    'P pauseTrigger',
    'P updateJobDetail',
    'P updateJobTrigger',
  ],
  sysNotice: [
    'P add',
    'P delete',
    'P page',
    'P pageReceived',
    'P public',
    'P setRead',
    'G unReadList',
    'P update',
  ],
  sysMessage: ['P sendAllUser', 'P sendOtherUser', 'P sendUser', 'P sendUsers'],
  sysOAuth: ['G signInCallback', 'G signIn'],
  sysUser: [
    'P add',
    'G baseInfo',
    'P baseInfo',
    'P changePwd',
    'P delete',
    'P grantRole',
    'G orgInfo',
    'G ownExtOrgList/{userId}',
    'G ownRoleList/{userId}',
    'P page',
    'P resetPwd',
    'P setLangCode/{langCode}',
    'P setStatus',
    'P unlockLogin',
    'P update',
  ],
  sysOnlineUser: ['P forceOffline', 'P page'],
  sysRole: [
    'P add',
    'P delete',
    'P grantDataScope',
    'P grantMenu',
    'G list',
    'G ownMenuList',
    'G ownOrgList',
    'P page',
    'P setStatus',
    'P update',
  ],
  sysMenu: ['P add', 'P delete', 'G list', 'G loginMenuTree', 'G ownBtnPermList', 'P setStatus', 'P update'],
  sysOrg: ['P add', 'P delete', 'G list', 'G tree', 'P update'],
  sysPos: ['P add', 'P delete', 'G list', 'P update'],
  sysPrint: ['P add', 'P delete', 'P page', 'G print/{name}', 'P update'],
  sysTenant: [
    'P add',
    'P changeTenant',
    'P createDb',
    'P delete',
    'P goTenant',
    'P grantMenu',
    'G list',
    'P page',
    'P resetPwd',
    'P setStatus',
    'P syncGrantMenu',
    'G tenantMenuList',
    'P update',
    'P userList',
  ],
  sysDictType: [
    'P add',
    'G allDictList',
    'G dataList',
    'P delete',
    'G detail',
    'G list',
    'P page',
    'P setStatus',
    'P update',
  ],
  sysDictData: [
    'P add',
    'G dataList/{code}',
    'G dataList',
    'P delete',
    'G detail',
    'G list',
    'P page',
    'P setStatus',
    'P update',
  ],
  sysConst: ['G data/{typeName}', 'G list'],
  sysConfig: [
    'P add',
    'P batchDelete',
    'P batchUpdate',
    'P delete',
    'G detail',
    'G groupList',
    'P list',
    'P page',
    'P saveSysInfo',
    'G sysInfo',
    'P update',
  ],
  sysLang: ['P add', 'P delete', 'G detail', 'P dropdownData', 'P page', 'P update'],
  sysUserMenu: ['P add', 'P deleteUserMenu', 'G userMenuIdList', 'G userMenuList'],
  sysSms: [
    'P aliyunSendSms/{phoneNumber}/{templateId}',
    'P aliyunSendSmsTemplate/{phoneNumber}/{templateId}',
    'P sendSms/{phoneNumber}/{templateId}',
    'P tencentSendSms/{phoneNumber}/{templateId}',
    'P verifyCode',
  ],
  sysSchedule: ['P add', 'P delete', 'G detail/{id}', 'P page', 'P setStatus', 'P update'],
  sysLogOp: ['P clear', 'G detail/{id}', 'P export', 'P page'],
  sysLogDiff: ['G detail/{id}', 'P page'],
  sysLogVis: ['P clear', 'G list', 'P page'],
  sysLogEx: ['P clear', 'G detail/{id}', 'P export', 'P page'],
  sysFile: [
    'P delete',
    'P downloadFileBase64',
    'P downloadFile',
    'G fileByIds',
    'G file',
    'G folder',
    'P page',
    'G preview/{id}',
    'P update',
    'P uploadAvatar',
    'P uploadFileFromBase64',
    'P uploadFile',
    'P uploadFiles',
    'P uploadSignature',
  ],
  sysCommon: [
    'G apiList',
    'P downloadErrorExcelTemp',
    'P encryptPlainText/{plainText}',
    'G smKeyPair',
    'P stressTest',
  ],
  sysRegion: ['P add', 'P delete', 'G list', 'P page', 'P sync', 'G tree', 'P update'],
  sysCache: [
    'P beginCacheLock/{key}/{msTimeout}/{msExpire}/{throwOnFailure}',
    'P clear',
    'P deleteByPreKey/{prefixKey}',
    'P delete/{key}',
    'G keyList',
    'G keysByPrefixKey/{prefixKey}',
    'G value/{key}',
  ],
  sysServer: ['G assemblyList', 'G serverBase', 'G serverDisk', 'G serverUsed'],
  sysOpenAccess: ['P add', 'P delete', 'P generateSignature', 'P page', 'P secret', 'P update'],
  sysPlugin: [
    'P add',
    'P compileAssembly',
    'P delete',
    'P page',
    'P removeAssembly/{assemblyName}',
    'P update',
  ],
};

/**
 * The other Admin.NET controllers of the table. When Lintel gains a route under one of them, its
 * operations move into ADMIN_NET_OPERATIONS (the test says so).
 */
export const ADMIN_NET_OTHER_CONTROLLERS: readonly string[] = [
  'sysLdap',
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
  'sysWechatPay',
  'sysAlipay',
  'sysWechat',
  'sysWechatUser',
  'sysWxOpen',
  'approvalFlow',
];

/** Where a missing operation's work is tracked, and why it is not here yet. */
export interface KnownGap {
  issue: string;
  why: string;
}

const ISSUE_11 = 'issue 11 (platform services)';
const ISSUE_13 = 'issue 13 (developer tools)';
const smsProviders: KnownGap = {
  issue: ISSUE_11,
  why: 'SMS providers by name (Aliyun, Tencent) and their templates: Lintel has one SMS adapter sending the sign-in code',
};
const devTool = (why: string): KnownGap => ({ issue: ISSUE_13, why });

/**
 * Operations of the controllers above that Lintel does not serve yet, each with the open issue its
 * module belongs to. The test fails when one of them appears (take it off this list) and when an
 * operation is missing without being listed here.
 */
export const KNOWN_GAPS: Readonly<Record<string, KnownGap>> = {
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
  'G sysCommon/apiList': devTool('the API list of the developer tools'),
  'P sysCommon/downloadErrorExcelTemp': devTool('import error workbooks of the code generator'),
  'P sysCommon/encryptPlainText/{plainText}': devTool('encryption tool'),
  'G sysCommon/smKeyPair': devTool('SM2 key pair tool (never the server’s own private key)'),
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

/**
 * The calls the product's own client makes, from the specification (`SPEC.md` section 7, "The
 * calls the product makes"), as `<verb> <controller>/<action>`: some are names of Admin.NET's
 * licensed line (initTenantDb, initTenantData, syncTenantDb, tenantDbList, role grants).
 */
export const SPEC_CALLS: readonly Operation[] = [
  'P swagger/checkUrl',
  'P swagger/submitUrl',
  'G sysAuth/captcha',
  'P sysAuth/loginPhone',
  'P sysAuth/login',
  'P sysAuth/logout',
  'G sysAuth/tenantIdByHostname/{hostname}',
  'P sysAuth/unLockScreen',
  'G sysAuth/userInfo',
  'G sysConst/data/{typeName}',
  'G sysConst/list',
  ...(['add', 'delete', 'page', 'setStatus', 'update'] as const).map((a): Operation => `P sysDictType/${a}`),
  ...(['allDictList', 'list', 'dataList', 'detail'] as const).map((a): Operation => `G sysDictType/${a}`),
  ...(['add', 'delete', 'update', 'setStatus'] as const).map((a): Operation => `P sysMenu/${a}`),
  'G sysMenu/list',
  'G sysMenu/loginMenuTree',
  ...(
    [
      'add',
      'copy',
      'delete',
      'update',
      'setStatus',
      'grantApi',
      'grantDataScope',
      'grantMenu',
      'grantRoleTable',
      'grantUser',
      'page',
    ] as const
  ).map((a): Operation => `P sysRole/${a}`),
  ...(
    [
      'list',
      'allTableColumnList',
      'userApiList',
      'userRoleTableList',
      'ownMenuList',
      'ownOrgList',
      'roleApiList',
      'roleTable/{roleId}',
    ] as const
  ).map((a): Operation => `G sysRole/${a}`),
  ...(
    [
      'add',
      'delete',
      'grantMenu',
      'initTenantData',
      'initTenantDb',
      'page',
      'resetPwd',
      'saveSysInfo',
      'setStatus',
      'update',
      'userList',
      'syncTenantDb',
    ] as const
  ).map((a): Operation => `P sysTenant/${a}`),
  'G sysTenant/ownMenuList',
  'G sysTenant/tenantDbList',
  'G sysTenant/sysInfo/{tenantId}',
];
