import {
  AccountType,
  Status,
  type LdapSyncItemRow,
  type LdapSyncReport,
  type Locale,
} from '@lintel/contracts';
import type { AuditLog } from '../../platform/audit/audit-log.js';
import { created, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import { hashPassword, randomPassword } from '../../platform/crypto/passwords.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import type { DirectoryPerson, DirectoryUnit } from './ldap-directory.js';
import { normalDn, planDeparted, planPeople, planUnits, type LinkedAccount } from './ldap-sync.js';
import type { SysLdapRepo } from './sys-ldap.repo.js';

interface SyncRun {
  principal: Principal;
  locale: Locale;
  read: { people: DirectoryPerson[]; units: DirectoryUnit[] };
  /** Whether `read` holds the whole directory (not cut at the read limit). */
  complete: boolean;
  what: 'units' | 'people';
  preview: boolean;
  audit: AuditLog;
}

function report(preview: boolean, items: LdapSyncItemRow[]): LdapSyncReport {
  const count = (action: LdapSyncItemRow['action']) => items.filter((i) => i.action === action).length;
  return {
    preview,
    total: items.length,
    added: count('add'),
    updated: count('update'),
    linked: count('link'),
    kept: count('keep'),
    skipped: count('skip'),
    disabled: count('disable'),
    items,
  };
}

/** A synchronisation's report, and the accounts it disabled (their sessions end after the commit). */
export interface SyncOutcome {
  report: LdapSyncReport;
  disabledUserIds: string[];
}

/**
 * Works out a synchronisation in the tenant's transaction and, unless it is a preview, writes it
 * there: all of it or (on any error) none of it.
 */
export async function applySync(trx: Trx, repo: SysLdapRepo, run: SyncRun): Promise<SyncOutcome> {
  const rootOrgId = await repo.rootOrgId(trx);
  if (!rootOrgId) throw badRequest('ldap.noRootOrg');
  if (run.what === 'units')
    return { report: await syncUnits(trx, repo, run, rootOrgId), disabledUserIds: [] };
  return syncPeople(trx, repo, run, rootOrgId);
}

async function syncUnits(trx: Trx, repo: SysLdapRepo, run: SyncRun, rootOrgId: string) {
  const { principal } = run;
  const steps = planUnits(run.read.units, await repo.orgLinks(trx), rootOrgId, newId);
  if (!run.preview) {
    for (const step of steps) {
      const { unit, orgId, pid } = step;
      if (step.action === 'add') {
        const org = {
          id: orgId,
          tenantId: principal.tenantId,
          pid,
          name: unit.name.slice(0, 64),
          type: 'ldap',
          status: Status.Enable,
          ...created(principal),
        };
        await repo.insertOrg(trx, org, unit.code, unit.dn, newId());
        run.audit.diff({ principal, table: 'sysOrg', rowId: orgId, operation: 'insert', after: org });
      } else if (step.action === 'update') {
        const patch = { name: unit.name.slice(0, 64), pid, ...updated(principal) };
        await repo.updateOrg(trx, orgId, patch, unit.code, unit.dn);
        run.audit.diff({ principal, table: 'sysOrg', rowId: orgId, operation: 'update', after: patch });
      }
    }
  }
  return report(
    run.preview,
    steps.map((s) => ({ dn: s.unit.dn, name: s.unit.name, action: s.action, reason: null })),
  );
}

async function syncPeople(
  trx: Trx,
  repo: SysLdapRepo,
  run: SyncRun,
  rootOrgId: string,
): Promise<SyncOutcome> {
  const { principal, locale } = run;
  const rows = await repo.accounts(trx);
  const linkedRows = rows.filter((r): r is LinkedAccount => !!r.linkedAs && !!r.linkedDn);
  const linked = new Map(linkedRows.map((r) => [r.linkedAs.toLowerCase(), r]));
  const departed = planDeparted(run.read.people, linkedRows, run.complete);
  const accounts = new Map(rows.map((r) => [r.account.toLowerCase(), r]));
  const unitOrgs = new Map((await repo.unitOrgs(trx)).map((u) => [normalDn(u.dn), u]));
  const steps = planPeople(run.read.people, { linked, accounts, unitOrgs, rootOrgId, newId });
  // The unit code a person's organisation was synchronised from (the link's dept code).
  const codeOfOrg = new Map([...unitOrgs.values()].map((u) => [u.orgId, u.code]));

  if (!run.preview) {
    // Added accounts sign in through the directory; the local password is random and never told.
    const adding = steps.some((s) => s.action === 'add');
    const unusable = adding ? await hashPassword(randomPassword()) : '';
    for (const step of steps) {
      if (step.action === 'skip' || step.action === 'keep') continue;
      const { person } = step;
      const userId = step.userId!;
      const profile = {
        ...(person.name ? { realName: person.name.slice(0, 64) } : {}),
        ...(person.mail ? { email: person.mail.slice(0, 128) } : {}),
        ...(person.employeeId ? { employeeId: person.employeeId.slice(0, 64) } : {}),
        orgId: step.orgId!,
        domainAccount: person.account!.slice(0, 128),
      };
      if (step.action === 'add') {
        const user = {
          id: userId,
          tenantId: principal.tenantId,
          account: person.account!.trim(),
          password: unusable,
          accountType: AccountType.NormalUser,
          status: Status.Enable,
          ...profile,
          ...created(principal),
        };
        await repo.insertUser(trx, user);
        const { password: _secret, ...after } = user;
        run.audit.diff({ principal, table: 'sysUser', rowId: userId, operation: 'insert', after });
      } else {
        const patch = { ...profile, ...updated(principal) };
        await repo.updateUser(trx, userId, patch);
        run.audit.diff({ principal, table: 'sysUser', rowId: userId, operation: 'update', after: patch });
      }
      await repo.linkUser(trx, {
        id: newId(),
        tenantId: principal.tenantId,
        userId,
        account: person.account!.trim(),
        employeeId: person.employeeId,
        deptCode: codeOfOrg.get(step.orgId!) ?? null,
        dn: person.dn,
      });
    }
    for (const account of departed) {
      const patch = { status: Status.Disable, ...updated(principal) };
      await repo.updateUser(trx, account.id, patch);
      run.audit.diff({
        principal,
        table: 'sysUser',
        rowId: account.id,
        operation: 'update',
        before: { status: account.status },
        after: patch,
      });
    }
  }
  const items: LdapSyncItemRow[] = steps.map((s) => ({
    dn: s.person.dn,
    name: s.person.account ?? s.person.dn,
    action: s.action,
    reason: s.reason ? t(locale, s.reason) : null,
  }));
  for (const account of departed)
    items.push({
      dn: account.linkedDn,
      name: account.account,
      action: 'disable',
      reason: t(locale, 'ldap.leftDirectory'),
    });
  return {
    report: report(run.preview, items),
    disabledUserIds: run.preview ? [] : departed.map((a) => a.id),
  };
}
