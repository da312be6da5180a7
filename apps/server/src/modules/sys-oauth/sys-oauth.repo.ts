import { Status } from '@lintel/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysOauthProviderTable, User } from '../../platform/db/schema.js';
import type { Selectable } from 'kysely';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate, resolveSort, type PageRequest } from '../../platform/http/paging.js';

export type OAuthProvider = Selectable<SysOauthProviderTable>;

export interface ProviderFilter extends PageRequest {
  name?: string;
}

const SORTABLE: Record<string, string> = {
  code: 'code',
  name: 'name',
  orderNo: 'orderNo',
  status: 'status',
  createTime: 'createTime',
};

const duplicateCode = (code: string) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION ? conflict('crud.duplicateCode', { code }) : error;
};

/**
 * A unique violation of a bind (the identity went to another account meanwhile, the unique index
 * decided) answers false; caught outside the transaction, which that violation aborted.
 */
export const bindRaceLost = (error: unknown): false => {
  if (sqlState(error) === PG_UNIQUE_VIOLATION) return false;
  throw error;
};

/** The SQL of third-party sign-in: providers, bindings, and the account a binding names. */
export class SysOAuthRepo {
  page(trx: Trx, input: ProviderFilter) {
    const sort = resolveSort(input, SORTABLE, { column: 'orderNo', direction: 'asc' });
    let query = trx.selectFrom('sysOauthProvider').selectAll();
    const name = input.name?.trim();
    if (name) {
      const pattern = containsPattern(name);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('code', 'ilike', pattern)]));
    }
    return paginate(query, input, sort);
  }

  findById(trx: Trx, id: string): Promise<OAuthProvider | undefined> {
    return trx.selectFrom('sysOauthProvider').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findEnabledByCode(trx: Trx, code: string): Promise<OAuthProvider | undefined> {
    return trx
      .selectFrom('sysOauthProvider')
      .selectAll()
      .where('code', '=', code)
      .where('status', '=', Status.Enable)
      .executeTakeFirst();
  }

  /** Enabled providers in display order (the sign-in page). */
  enabled(trx: Trx) {
    return trx
      .selectFrom('sysOauthProvider')
      .select(['id', 'code', 'name', 'icon'])
      .where('status', '=', Status.Enable)
      .orderBy('orderNo')
      .orderBy('code')
      .execute();
  }

  /** Enabled providers, and disabled ones the account is still bound to, with its binding time. */
  bindingsOf(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysOauthProvider as p')
      .leftJoin('sysOauthBinding as b', (join) =>
        join.onRef('b.providerId', '=', 'p.id').on('b.userId', '=', userId),
      )
      .select(['p.code', 'p.name', 'p.icon', 'b.createTime as bindTime'])
      .where((eb) => eb.or([eb('p.status', '=', Status.Enable), eb('b.id', 'is not', null)]))
      .orderBy('p.orderNo')
      .orderBy('p.code')
      .execute();
  }

  insert(trx: Trx, values: Insertable<SysOauthProviderTable>): Promise<OAuthProvider> {
    return trx
      .insertInto('sysOauthProvider')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(duplicateCode(values.code));
  }

  /**
   * Updates a provider. When one of `identityFields` changes (where the subject comes from and who
   * the client is), the identities bound through it are removed in the same transaction: a binding
   * only means something for the provider it was made with. Returns undefined when there is no such
   * provider, else the row and how many bindings went.
   */
  async update(
    trx: Trx,
    id: string,
    values: Updateable<SysOauthProviderTable>,
    identityFields: readonly (keyof OAuthProvider)[] = [],
  ): Promise<{ row: OAuthProvider; unlinked: number } | undefined> {
    const before = await trx
      .selectFrom('sysOauthProvider')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const row = await trx
      .updateTable('sysOauthProvider')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(duplicateCode(values.code ?? ''));
    if (!identityFields.some((field) => before[field] !== row[field])) return { row, unlinked: 0 };
    const removed = await trx.deleteFrom('sysOauthBinding').where('providerId', '=', id).executeTakeFirst();
    return { row, unlinked: Number(removed.numDeletedRows) };
  }

  /** Deletes a provider; its bindings go with it (foreign key cascade). */
  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('sysOauthProvider').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The account an external identity is bound to, if any. */
  boundUser(trx: Trx, providerId: string, subject: string): Promise<User | undefined> {
    return trx
      .selectFrom('sysOauthBinding as b')
      .innerJoin('sysUser as u', 'u.id', 'b.userId')
      .selectAll('u')
      .where('b.providerId', '=', providerId)
      .where('b.subject', '=', subject)
      .executeTakeFirst();
  }

  userById(trx: Trx, userId: string): Promise<User | undefined> {
    return trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  /**
   * Binds an identity to an account, replacing the account's earlier identity of that provider.
   * Returns false when the identity is already bound to another account; a concurrent bind that won
   * the race fails this one's insert on the unique index (the caller catches it with bindRaceLost).
   */
  async bind(
    trx: Trx,
    tenantId: string,
    binding: {
      id: string;
      providerId: string;
      subject: string;
      userId: string;
      externalName: string | null;
      avatar: string | null;
    },
  ): Promise<boolean> {
    const owner = await trx
      .selectFrom('sysOauthBinding')
      .select(['id', 'userId'])
      .where('providerId', '=', binding.providerId)
      .where('subject', '=', binding.subject)
      .executeTakeFirst();
    if (owner && owner.userId !== binding.userId) return false;
    if (owner) {
      // Linked again: keep the binding, with the name and picture the provider gives now (if any).
      if (binding.externalName === null && binding.avatar === null) return true;
      await trx
        .updateTable('sysOauthBinding')
        .set({ externalName: binding.externalName, avatar: binding.avatar })
        .where('id', '=', owner.id)
        .execute();
      return true;
    }
    await trx
      .deleteFrom('sysOauthBinding')
      .where('providerId', '=', binding.providerId)
      .where('userId', '=', binding.userId)
      .execute();
    await trx
      .insertInto('sysOauthBinding')
      .values({ ...binding, tenantId })
      .execute();
    return true;
  }

  /** Removes the account's identity of one provider (by code); false when there was none. */
  async unbind(trx: Trx, userId: string, providerCode: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('sysOauthBinding')
      .where('userId', '=', userId)
      .where('providerId', 'in', (eb) =>
        eb.selectFrom('sysOauthProvider').select('id').where('code', '=', providerCode),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
