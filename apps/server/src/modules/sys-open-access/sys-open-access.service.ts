import { randomBytes } from 'node:crypto';
import { Status } from '@lintel/contracts';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import { computeSign, stringToSign } from '../../platform/auth/signature.js';
import type { AppContext } from '../../platform/context.js';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveSort } from '../../platform/http/paging.js';
import { assertMayManageAccount, assertMayTakeOver } from '../../platform/permission/account-policy.js';
import { accountReach } from '../../platform/permission/account-reach.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { SysOpenAccessRepo, type OpenAccessRecord } from './sys-open-access.repo.js';
import type {
  GenerateSignatureInput,
  OpenAccessFilter,
  OpenAccessInput,
  OpenAccessUpdate,
} from './sys-open-access.schema.js';

const SORTABLE = { createTime: 'k.createTime', accessKey: 'k.accessKey', lastUsedTime: 'k.lastUsedTime' };

/** A new key names its tenant, so a signed request is looked up in that tenant's own transaction. */
const newAccessKey = (tenantId: string) => `${tenantId}_${randomBytes(12).toString('hex')}`;
/** 32 random bytes: the HMAC key, shown once. */
const newSecret = () => randomBytes(32).toString('base64url');

const toOutput = (
  row: OpenAccessRecord & { bindUserAccount: string | null; bindUserName: string | null },
) => ({
  id: row.id,
  accessKey: row.accessKey,
  hasSecret: !!row.accessSecret,
  bindTenantId: row.tenantId,
  bindUserId: row.bindUserId,
  bindUserAccount: row.bindUserAccount,
  bindUserName: row.bindUserName,
  status: row.status,
  remark: row.remark,
  lastUsedTime: iso(row.lastUsedTime),
  lastUsedIp: row.lastUsedIp,
  createTime: formatIso(row.createTime),
});

/**
 * Open API access keys of the working tenant. A key acts as its account, so whoever creates,
 * changes, rotates or signs with a key must be allowed to act as that account: in the caller's data
 * scope, not of a higher kind (account policy), and reaching no further than the caller (takeover).
 */
export class SysOpenAccessService {
  private readonly repo = new SysOpenAccessRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: OpenAccessFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'k.createTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  add(principal: Principal, input: OpenAccessInput) {
    const id = newId();
    const accessKey = newAccessKey(principal.tenantId);
    const accessSecret = newSecret();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.assertMayActAs(trx, principal, input.bindUserId);
      const row = {
        id,
        tenantId: principal.tenantId,
        accessKey,
        accessSecret: sealSecret(this.ctx.keys, accessSecret),
        bindUserId: input.bindUserId,
        status: input.status ?? Status.Enable,
        remark: input.remark ?? null,
        ...created(principal),
      };
      await this.repo.insert(trx, row);
      const { accessSecret: _sealed, ...logged } = row;
      this.ctx.audit.diff({
        principal,
        table: 'sysOpenAccess',
        rowId: id,
        operation: 'insert',
        after: logged,
      });
      return { id, accessKey, accessSecret };
    });
  }

  async update(principal: Principal, input: OpenAccessUpdate): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, input.id);
      if (input.bindUserId !== current.bindUserId)
        await this.assertMayActAs(trx, principal, input.bindUserId);
      await this.repo.update(trx, input.id, {
        bindUserId: input.bindUserId,
        status: input.status ?? current.status,
        remark: input.remark ?? null,
        ...updated(principal),
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.managed(trx, principal, id);
      await this.repo.delete(trx, id);
    });
  }

  /** A new secret (the old one stops signing at once), answered once. */
  rotate(principal: Principal, id: string) {
    const accessSecret = newSecret();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, id);
      await this.repo.update(trx, id, {
        accessSecret: sealSecret(this.ctx.keys, accessSecret),
        ...updated(principal),
      });
      return { id, accessKey: current.accessKey, accessSecret };
    });
  }

  /**
   * The signature of a request, as a client computes it. With the secret given, it is a calculator;
   * without, the saved key's secret signs, so the caller must be allowed to act as its account.
   */
  async generateSignature(principal: Principal, input: GenerateSignatureInput) {
    const text = stringToSign(input.method, input.url, input.accessKey, input.timestamp, input.nonce);
    const secret =
      input.accessSecret ||
      (await this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const key = await this.repo.findByKey(trx, input.accessKey);
        if (!key) throw notFound();
        await this.assertMayActAs(trx, principal, key.bindUserId);
        return openSecret(this.ctx.keys, key.accessSecret);
      }));
    return { stringToSign: text, sign: computeSign(secret, text) };
  }

  /** A key the caller may change: of the tenant, bound to an account the caller may act as. */
  private async managed(trx: Trx, principal: Principal, id: string): Promise<OpenAccessRecord> {
    const key = await this.repo.find(trx, id);
    if (!key) throw notFound();
    await this.assertMayActAs(trx, principal, key.bindUserId);
    return key;
  }

  /** The account policy of a takeover: a key hands its holder everything the account can do. */
  private async assertMayActAs(trx: Trx, principal: Principal, userId: string): Promise<void> {
    const scope = await resolveDataScope(trx, principal);
    const account = await this.repo.visibleAccount(trx, scope, userId);
    if (!account) throw notFound('openAccess.accountNotFound');
    assertMayManageAccount(principal, account, 'update');
    if (account.id === principal.userId) return;
    try {
      assertMayTakeOver(principal, scope, await accountReach(trx, account));
    } catch (error) {
      // The same rule as a password reset, told in the words of a key.
      if (error instanceof AppError && error.key === 'account.reachesFurther')
        throw forbidden('openAccess.reachesFurther');
      throw error;
    }
  }
}
