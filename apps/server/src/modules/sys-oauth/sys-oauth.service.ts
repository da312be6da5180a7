import {
  isWechatProtocol,
  WECHAT_DEFAULTS,
  WECHAT_SCOPES,
  type OAuthProtocol,
  type OAuthProviderInput,
} from '@lintel/contracts';
import type { OAuthProvider } from './sys-oauth.repo.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { isHttpUrl } from './oauth-protocol.js';
import { SysOAuthRepo, type ProviderFilter } from './sys-oauth.repo.js';

/** The administration view of a provider: the secret is reduced to whether one is stored. */
export function toProviderOutput(row: OAuthProvider) {
  const {
    clientSecret,
    tenantId: _tenant,
    createUserId: _c,
    createUserName: _cn,
    managerType: _m,
    ...rest
  } = row;
  const { updateUserId: _u, updateUserName: _un, ...fields } = rest;
  return {
    ...fields,
    protocol: row.protocol as OAuthProtocol, // the column's check constraint holds it to these
    clientSecretSet: !!clientSecret,
    createTime: formatIso(row.createTime),
    updateTime: iso(row.updateTime),
  };
}

const URL_FIELDS = ['authorizeUrl', 'tokenUrl', 'userinfoUrl'] as const;
/** What decides whose identity a provider answers: changing any of them unlinks its accounts. */
const IDENTITY_FIELDS = [...URL_FIELDS, 'protocol', 'clientId', 'subjectClaim'] as const;

/** Providers of the working tenant (administration) and the signed-in account's bindings. */
export class SysOAuthService {
  readonly repo = new SysOAuthRepo();

  constructor(private readonly ctx: AppContext) {}

  async page(tenantId: string, input: ProviderFilter) {
    const page = await this.ctx.db.tenant(tenantId, (trx) => this.repo.page(trx, input));
    return { ...page, items: page.items.map(toProviderOutput) };
  }

  /**
   * Endpoints must be absolute http(s) addresses (no javascript:, file: or relative paths) of public
   * hosts: the server calls the token and userinfo endpoints itself, so a private address would let
   * whoever configures a provider probe the server's network (unless ALLOW_PRIVATE_HOSTS names it).
   */
  private async fields(input: OAuthProviderInput) {
    const protocol = input.protocol ?? 'oauth2';
    // A WeChat provider may leave its addresses out: WeChat's own are used (a test server's, if given).
    const defaults = protocol === 'oauth2' ? undefined : WECHAT_DEFAULTS[protocol];
    const urls = { authorizeUrl: '', tokenUrl: '', userinfoUrl: '' };
    for (const field of URL_FIELDS) {
      const value = input[field]?.trim() || defaults?.[field] || '';
      if (!isHttpUrl(value)) throw badRequest('oauth.urlInvalid', { field });
      if ((await this.ctx.outbound.judge(value)) === 'private')
        throw badRequest('oauth.urlPrivate', { field });
      urls[field] = value;
    }
    let scope = input.scope?.trim() ?? '';
    if (protocol !== 'oauth2') {
      scope ||= WECHAT_DEFAULTS[protocol].scope;
      const allowed = WECHAT_SCOPES[protocol];
      if (!allowed.includes(scope)) throw badRequest('oauth.wechatScope', { scopes: allowed.join(', ') });
    }
    return {
      code: input.code,
      name: input.name.trim(),
      icon: input.icon?.trim() || null,
      protocol,
      ...urls,
      clientId: input.clientId.trim(),
      clientAuthMethod: input.clientAuthMethod,
      scope,
      // WeChat's identity is fixed by the protocol: the unionid, else the openid.
      subjectClaim: isWechatProtocol(protocol) ? 'unionid' : (input.subjectClaim ?? 'sub'),
      status: input.status,
      orderNo: input.orderNo,
      remark: input.remark ?? null,
    };
  }

  async add(principal: Principal, input: OAuthProviderInput): Promise<string> {
    const tenantId = principal.tenantId;
    // WeChat has no public clients: its code exchange always takes the AppSecret.
    if (input.protocol && isWechatProtocol(input.protocol) && !input.clientSecret)
      throw badRequest('oauth.wechatSecretRequired');
    const values = {
      id: newId(),
      tenantId,
      ...(await this.fields(input)),
      clientSecret: input.clientSecret || null,
      managerType: principal.accountType,
      ...created(principal),
    };
    const row = await this.ctx.db.tenant(tenantId, (trx) => this.repo.insert(trx, values));
    return row.id;
  }

  /**
   * Updates a provider. Whoever saves it becomes its manager: accounts of a higher kind may no longer
   * sign in through it (a tenant admin cannot answer with the super admin's identity). Changing its
   * addresses, client or subject field unlinks every account linked through it.
   */
  async update(principal: Principal, input: OAuthProviderInput & { id: string }): Promise<void> {
    const values = {
      ...(await this.fields(input)),
      // The secret is write-only: the form leaves it empty to keep the stored one.
      ...(input.clientSecret ? { clientSecret: input.clientSecret } : {}),
      managerType: principal.accountType,
      ...updated(principal),
    };
    const result = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.update(trx, input.id, values, IDENTITY_FIELDS),
    );
    if (!result) throw notFound();
    if (result.unlinked > 0)
      this.ctx.log.info(
        { provider: result.row.code, tenantId: principal.tenantId, unlinked: result.unlinked },
        'third-party provider changed its identity source: its linked accounts were unlinked',
      );
  }

  async delete(principal: Principal, id: string): Promise<void> {
    if (!(await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.delete(trx, id)))) throw notFound();
  }

  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    const changed = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.update(trx, id, { status, ...updated(principal) }),
    );
    if (!changed) throw notFound();
  }

  /** The enabled providers of a tenant, for the sign-in page. */
  async loginProviders(tenantId: string) {
    const rows = await this.ctx.db.tenant(tenantId, (trx) => this.repo.enabled(trx));
    return rows.map(({ code, name, icon }) => ({ code, name, icon }));
  }

  /** The tenant's providers with the signed-in account's linked state. */
  async myBindings(principal: Principal) {
    const rows = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.bindingsOf(trx, principal.userId),
    );
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      icon: row.icon,
      bound: row.bindTime !== null,
      bindTime: iso(row.bindTime),
    }));
  }

  async unlink(principal: Principal, providerCode: string): Promise<void> {
    const removed = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.unbind(trx, principal.userId, providerCode),
    );
    if (!removed) throw notFound('oauth.notBound');
  }
}
