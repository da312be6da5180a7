import { Status } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { loadPrincipal } from '../../platform/auth/principal.js';
import type { Database, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { SysLdapRepo } from './sys-ldap.repo.js';
import { SysLdapService } from './sys-ldap.service.js';

const repo = new SysLdapRepo();

export interface ScheduledSyncOutcome {
  tenantId: string;
  summary?: string;
  error?: string;
}

/** Enabled settings in the main database and in every tenant's own database. */
async function enabledSettings(ctx: AppContext) {
  const read = (trx: Trx) => repo.enabledSettings(trx);
  const rows = await ctx.db.platform(read);
  const own = ctx.db.tenantDatabases;
  for (const tenantId of own?.ownTenantIds() ?? []) {
    const tenantDb: Database | undefined = await own!.get(tenantId).catch(() => undefined);
    if (tenantDb) rows.push(...(await tenantDb.platform(read)));
  }
  return rows;
}

/**
 * The nightly job (`job_ldap_sync`): every enabled directory's units, then its people, exactly as
 * an administrator's "synchronise" does. It acts as the administrator who last saved the setting
 * (audit columns and the difference log name them), and only while that account may still
 * synchronise; otherwise the tenant's run fails saying so, and the other tenants go on.
 */
export async function syncEveryDirectory(ctx: AppContext): Promise<ScheduledSyncOutcome[]> {
  const outcomes: ScheduledSyncOutcome[] = [];
  const service = new SysLdapService(ctx);
  for (const setting of await enabledSettings(ctx)) {
    const { tenantId } = setting;
    try {
      const userId = setting.updateUserId ?? setting.createUserId;
      const principal = userId
        ? await loadPrincipal(ctx.db, {
            userId,
            tenantId,
            homeTenantId: tenantId,
            tenantEpoch: 'scheduled',
            menuEpoch: 'scheduled',
          })
        : undefined;
      const allowed =
        principal &&
        principal.status === Status.Enable &&
        (principal.isSuperAdmin ||
          principal.isSysAdmin ||
          ['sysLdap:syncDept', 'sysLdap:syncUser'].every((code) => principal.permissions.includes(code)));
      if (!allowed) {
        outcomes.push({
          tenantId,
          error:
            'the administrator who saved the directory setting can no longer synchronise it: save it again',
        });
        continue;
      }
      const input = { id: setting.id };
      const units = await service.sync(principal, 'en', input, 'units');
      const people = await service.sync(principal, 'en', input, 'people');
      outcomes.push({
        tenantId,
        summary:
          `units +${units.added} ~${units.updated}; people +${people.added} ~${people.updated} ` +
          `linked ${people.linked} disabled ${people.disabled} skipped ${people.skipped}`,
      });
    } catch (error) {
      const message =
        error instanceof AppError
          ? t('en', error.key, error.params)
          : error instanceof Error
            ? error.message
            : String(error);
      outcomes.push({ tenantId, error: message });
    }
  }
  return outcomes;
}
