import pg from 'pg';

/** Seed ids of the demo tenant (apps/server/src/db/seed/demo-data.ts). */
export const TENANT = '1300000000001';
const ROOT_ORG = '1300000000201';
export const DEPT_CHILD_ROLE = '1300000000402';

export const ORG_COUNT = 10_000;
const COMPANIES = 10;
const DEPARTMENTS = 100;
const TEAMS = ORG_COUNT - COMPANIES - DEPARTMENTS;
const ORG_BASE = 2_000_000_000n;
const USER_BASE = 3_000_000_000n;
/** The first company: its subtree holds a tenth of the organisations and accounts. */
export const FIRST_COMPANY = String(ORG_BASE + 1n);
export const BENCH_ACCOUNT = 'benchlead';
/** An account id half-way through the seeded ones (where a keyset page starts as deep as page N/2). */
export const benchMiddleId = (users: number) => String(USER_BASE + BigInt(Math.floor(users / 2)));
/** The id of `benchlead` in a tenant seeded with `users` accounts. */
export const benchLeadId = (users: number) => String(USER_BASE + BigInt(users) + 1n);

/**
 * One tenant with 10 000 organisations (10 companies, 100 departments, 9 890 teams) and `users`
 * accounts spread evenly over the teams, written with set-based SQL so a million rows take about a
 * minute. The `benchlead` account sits in the first company with the "department and below" role,
 * which is granted the account list: its scope is about a tenth of the tenant.
 */
export async function seedAccounts(databaseUrl: string, users: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = (
      await client.query<{ password: string }>(`select password from sys_user where account = 'admin'`)
    ).rows[0]!.password;
    await client.query('begin');
    await client.query(
      `insert into sys_org (id, tenant_id, pid, name, code, level, type, order_no)
       select ${ORG_BASE} + k, ${TENANT},
              case when k <= ${COMPANIES} then ${ROOT_ORG}
                   when k <= ${COMPANIES + DEPARTMENTS} then ${ORG_BASE} + 1 + (k - ${COMPANIES + 1}) / 10
                   else ${ORG_BASE} + ${COMPANIES + 1} + (k - ${COMPANIES + DEPARTMENTS + 1}) % ${DEPARTMENTS} end,
              'org ' || k, 'B' || k,
              case when k <= ${COMPANIES} then 2 when k <= ${COMPANIES + DEPARTMENTS} then 3 else 4 end,
              case when k <= ${COMPANIES} then '102' when k <= ${COMPANIES + DEPARTMENTS} then '201' else '301' end,
              k
       from generate_series(1, ${ORG_COUNT}) as k`,
    );
    await client.query(
      `insert into sys_user (id, tenant_id, account, password, real_name, phone, org_id, account_type, order_no)
       select ${USER_BASE} + g, ${TENANT}, 'u' || g, $1, 'User ' || g, '13' || lpad(g::text, 9, '0'),
              ${ORG_BASE} + ${COMPANIES + DEPARTMENTS + 1} + (g % ${TEAMS}), 777, g % 1000
       from generate_series(1, ${users}) as g`,
      [hash],
    );
    const lead = benchLeadId(users);
    await client.query(
      `insert into sys_user (id, tenant_id, account, password, real_name, org_id, account_type)
       values ($1, ${TENANT}, '${BENCH_ACCOUNT}', $2, 'Bench lead', ${FIRST_COMPANY}, 777)`,
      [lead, hash],
    );
    await client.query(
      `insert into sys_user_role (tenant_id, user_id, role_id) values (${TENANT}, $1, ${DEPT_CHILD_ROLE})`,
      [lead],
    );
    await client.query(
      `insert into sys_role_menu (tenant_id, role_id, menu_id)
       select ${TENANT}, ${DEPT_CHILD_ROLE}, id from sys_menu where permission in ('sysUser:page', 'sysUser:export')
       on conflict do nothing`,
    );
    await client.query('commit');
    // As after any bulk load (autovacuum would get there later): statistics, and the visibility map
    // that lets a subtree be read from the organisation path index alone.
    await client.query('vacuum analyze sys_org');
    await client.query('vacuum analyze sys_user');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
