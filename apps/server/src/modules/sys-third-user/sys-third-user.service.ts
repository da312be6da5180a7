import type { ThirdUserFilter, ThirdUserKind, ThirdUserRow } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { SysThirdUserRepo } from './sys-third-user.repo.js';

const SORTABLE = { account: 'account', platformName: 'platformName', createTime: 'createTime' };

/** Outside identities bound to the tenant's accounts, and their unbinding. */
export class SysThirdUserService {
  private readonly repo = new SysThirdUserRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: ThirdUserFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'createTime', direction: 'desc' });
      const page = await this.repo.page(trx, await resolveDataScope(trx, principal), filter, sort);
      return {
        ...page,
        items: page.items.map((row): ThirdUserRow => ({
          ...row,
          platformType: row.platformType as ThirdUserKind,
          createTime: formatIso(row.createTime),
        })),
      };
    });
  }

  /**
   * Unbinds an identity: the person no longer signs in through that provider (a directory-linked
   * account signs in with its own password again). The account itself stays.
   */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      // Outside the caller's data scope it is as if it did not exist.
      if (!(await this.repo.reachable(trx, await resolveDataScope(trx, principal), id))) throw notFound();
      const removed = await this.repo.unbind(trx, id);
      if (!removed) throw notFound();
      const table = removed.kind === 'oauth' ? 'sysOauthBinding' : 'sysUserLdap';
      this.ctx.audit.diff({ principal, table, rowId: id, operation: 'delete', before: removed });
    });
  }
}
