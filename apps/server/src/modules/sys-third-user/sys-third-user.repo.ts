import type { ThirdUserFilter } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';

type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of third-party users: bindings of sign-in providers and directory links, as one list. */
export class SysThirdUserRepo {
  private identities(trx: Trx) {
    const oauth = trx
      .selectFrom('sysOauthBinding as b')
      .innerJoin('sysOauthProvider as p', 'p.id', 'b.providerId')
      .innerJoin('sysUser as u', 'u.id', 'b.userId')
      .select([
        'b.id',
        'b.userId',
        'u.account',
        'u.realName as nickName',
        'u.phone as mobile',
        'u.orgId',
        'u.createUserId as accountCreator',
        // WeChat bindings are their own kind: the list filters them apart from OAuth / OIDC ones.
        sql<string>`case when p.protocol like 'wechat%' then 'wechat' else 'oauth' end`.as('platformType'),
        'p.code as platformCode',
        'p.name as platformName',
        'b.subject as openId',
        'b.externalName',
        'b.avatar',
        'b.createTime',
      ]);
    const ldap = trx
      .selectFrom('sysUserLdap as l')
      .innerJoin('sysUser as u', 'u.id', 'l.userId')
      .select([
        'l.id',
        'l.userId',
        'u.account',
        'u.realName as nickName',
        'u.phone as mobile',
        'u.orgId',
        'u.createUserId as accountCreator',
        sql<string>`'ldap'`.as('platformType'),
        sql<string>`'ldap'`.as('platformCode'),
        sql<string>`'LDAP'`.as('platformName'),
        'l.dn as openId',
        sql<string | null>`null`.as('externalName'),
        sql<string | null>`null`.as('avatar'),
        'l.createTime',
      ]);
    return trx.selectFrom(oauth.unionAll(ldap).as('t'));
  }

  /**
   * Identities of the accounts the caller's data scope reaches (the account's organisation, or an
   * account the caller made, or the caller's own), as the account list itself shows them.
   */
  private visible(trx: Trx, scope: DataScopeSet) {
    return this.identities(trx).where(scopeCondition(scope, 't.orgId', ['t.accountCreator', 't.userId']));
  }

  page(trx: Trx, scope: DataScopeSet, filter: ThirdUserFilter, sort: Sort) {
    let query = this.visible(trx, scope).select([
      't.id',
      't.userId',
      't.account',
      't.nickName',
      't.mobile',
      't.platformType',
      't.platformCode',
      't.platformName',
      't.openId',
      't.externalName',
      't.avatar',
      't.createTime',
    ]);
    if (filter.account) query = query.where('account', 'ilike', containsPattern(filter.account));
    if (filter.nickName) {
      // The account's name, or the name the provider gave (a WeChat nickname).
      const pattern = containsPattern(filter.nickName);
      query = query.where((eb) =>
        eb.or([eb('nickName', 'ilike', pattern), eb('externalName', 'ilike', pattern)]),
      );
    }
    if (filter.phoneNumber) query = query.where('mobile', 'like', containsPattern(filter.phoneNumber));
    if (filter.platformType) query = query.where('platformType', '=', filter.platformType);
    return paginate(query, filter, sort);
  }

  /** Whether an identity of this id exists within the scope. */
  async reachable(trx: Trx, scope: DataScopeSet, id: string): Promise<boolean> {
    return !!(await this.visible(trx, scope).select('t.id').where('t.id', '=', id).executeTakeFirst());
  }

  /** Removes a binding (OAuth or WeChat) or a directory link by its id; what it was, or undefined when none. */
  async unbind(trx: Trx, id: string) {
    const binding = await trx
      .deleteFrom('sysOauthBinding')
      .where('id', '=', id)
      .returning(['userId', 'providerId', 'subject'])
      .executeTakeFirst();
    if (binding) return { kind: 'oauth' as const, ...binding };
    const link = await trx
      .deleteFrom('sysUserLdap')
      .where('id', '=', id)
      .returning(['userId', 'account', 'dn'])
      .executeTakeFirst();
    return link ? { kind: 'ldap' as const, ...link } : undefined;
  }
}
