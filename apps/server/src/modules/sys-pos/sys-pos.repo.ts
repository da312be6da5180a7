import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { Pos, SysPosTable } from '../../platform/db/schema.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import type { PosFilter } from './sys-pos.schema.js';

const duplicateCode = (code: string | null | undefined) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION
    ? conflict('crud.duplicateCode', { code: code ?? '' })
    : error;
};

/** Accounts holding a position: as their main position, or through an affiliated organisation. */
const holders = (trx: Trx, scope: DataScopeSet) =>
  trx
    .selectFrom('sysUser as u')
    .leftJoin('sysUserExtOrg as x', 'x.userId', 'u.id')
    .where(scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']));

export class SysPosRepo {
  async list(trx: Trx, scope: DataScopeSet, filter: PosFilter): Promise<(Pos & { staffCount: number })[]> {
    let query = trx.selectFrom('sysPos as p').selectAll('p');
    if (filter.Name) query = query.where('p.name', 'ilike', containsPattern(filter.Name));
    if (filter.Code) query = query.where('p.code', 'ilike', containsPattern(filter.Code));
    const rows = await query.orderBy('p.orderNo').orderBy('p.id').execute();
    if (rows.length === 0) return [];
    const counts = await holders(trx, scope)
      .select(['u.posId', 'x.posId as extPosId', 'u.id'])
      .where((eb) => eb.or([eb('u.posId', 'is not', null), eb('x.posId', 'is not', null)]))
      .execute();
    // One account counts once per position, whether it holds it as main or affiliated position.
    const byPos = new Map<string, Set<string>>();
    for (const row of counts) {
      for (const posId of [row.posId, row.extPosId]) {
        if (posId) byPos.set(posId, (byPos.get(posId) ?? new Set()).add(row.id));
      }
    }
    return rows.map((row) => ({ ...row, staffCount: byPos.get(row.id)?.size ?? 0 }));
  }

  staff(trx: Trx, scope: DataScopeSet, posId: string) {
    return holders(trx, scope)
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.phone',
        'o.name as orgName',
        'u.status',
        sql<boolean>`u.pos_id is not distinct from ${posId}::bigint`.as('main'),
      ])
      .where((eb) => eb.or([eb('u.posId', '=', posId), eb('x.posId', '=', posId)]))
      .distinctOn('u.id')
      .orderBy('u.id')
      .execute();
  }

  find(trx: Trx, id: string): Promise<Pos | undefined> {
    return trx.selectFrom('sysPos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(trx: Trx, row: Insertable<SysPosTable>): Promise<void> {
    return trx
      .insertInto('sysPos')
      .values(row)
      .execute()
      .then(() => undefined, duplicateCode(row.code));
  }

  async update(trx: Trx, id: string, patch: Updateable<SysPosTable>): Promise<boolean> {
    const result = await trx
      .updateTable('sysPos')
      .set(patch)
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(duplicateCode(patch.code));
    return Number(result.numUpdatedRows) > 0;
  }

  async inUse(trx: Trx, id: string): Promise<boolean> {
    const own = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('posId', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (own) return true;
    return !!(await trx
      .selectFrom('sysUserExtOrg')
      .select('id')
      .where('posId', '=', id)
      .limit(1)
      .executeTakeFirst());
  }

  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('sysPos').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
