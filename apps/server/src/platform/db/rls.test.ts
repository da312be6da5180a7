import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { TENANT_TABLES } from '../../db/migrations/0001_foundation.js';

/**
 * Row-level security is the second wall behind the repositories' tenant filters: a query that
 * forgets the filter must still see only its own tenant.
 */
describe('row-level security', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof createOtherTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createOtherTenant(t);
  });
  afterAll(async () => t?.close());

  it('runs requests as a role that is neither superuser nor BYPASSRLS', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
      select rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(t.ctx.db.global);
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('returns only the scoped tenant’s rows when the tenant filter is forgotten', async () => {
    const mine = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').select(['id', 'tenantId']).execute(),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((u) => u.tenantId === SEED_IDS.tenant)).toBe(true);
    const theirs = await t.ctx.db.tenant(other.tenantId, (trx) =>
      trx.selectFrom('sysUser').select(['id', 'tenantId']).execute(),
    );
    expect(theirs.map((u) => u.id)).toEqual([other.adminId]);
  });

  it('cannot read another tenant’s row even by id', async () => {
    const row = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('id', '=', other.adminId).executeTakeFirst(),
    );
    expect(row).toBeUndefined();
  });

  it('returns nothing outside a tenant scope', async () => {
    for (const table of TENANT_TABLES) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
        t.ctx.db.global,
      );
      expect(rows[0]?.n, table).toBe('0');
    }
  });

  it('refuses writes into another tenant, and updates or deletes there touch nothing', async () => {
    await expect(
      t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx
          .insertInto('sysPos')
          .values({ id: '1300000009501', tenantId: other.tenantId, name: 'sneaky' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysUser')
        .set({ realName: 'hijacked' })
        .where('id', '=', other.adminId)
        .executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.deleteFrom('sysUser').where('id', '=', other.adminId).executeTakeFirst(),
    );
    expect(Number(deleted.numDeletedRows)).toBe(0);
    const still = await t.ctx.db.tenant(other.tenantId, (trx) =>
      trx.selectFrom('sysUser').select('realName').where('id', '=', other.adminId).executeTakeFirstOrThrow(),
    );
    expect(still.realName).toBe('Other admin');
  });

  it('cannot move a row into another tenant', async () => {
    await expect(
      t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx
          .updateTable('sysPos')
          .set({ tenantId: other.tenantId })
          .where('tenantId', '=', SEED_IDS.tenant)
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('has RLS enabled and forced on every tenant-owned table', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relname in (${sql.join(TENANT_TABLES.map((x) => sql.lit(x)))})`.execute(t.ctx.db.global);
    expect(rows).toHaveLength(TENANT_TABLES.length);
    for (const row of rows)
      expect([row.relname, row.relrowsecurity, row.relforcerowsecurity]).toEqual([row.relname, true, true]);
  });

  it('lets only explicit platform work see every tenant', async () => {
    const all = await t.ctx.db.platform((trx) =>
      trx.selectFrom('sysUser').select('tenantId').distinct().execute(),
    );
    expect(all.map((r) => r.tenantId).sort()).toEqual([SEED_IDS.tenant, other.tenantId].sort());
  });
});
