import Fastify from 'fastify';
import { UserAdminRepo } from '@lintel/server/src/modules/sys-user/user-admin.repo.js';
import { openDatabase } from '@lintel/server/src/platform/db/database.js';
import { computeDataScope } from '@lintel/server/src/platform/permission/data-scope.js';
import { DEPT_CHILD_ROLE, FIRST_COMPANY, TENANT, benchLeadId } from './accounts-seed.js';
import type { Served } from './served.js';

/**
 * The account list's own work without the product around it: a bare Fastify route running the
 * repository's page query (the same SQL, the lead's data scope, the total counted once as the count
 * cache keeps it) in a tenant transaction over a pool as large as the app's. Between the bare
 * primary-key lookup and `sysUser/page` it splits the gap: what the query and its transaction cost
 * the database, and what the product adds around them (sign-in check, caches, logs, serialising).
 */
export async function startQueryRoute(databaseUrl: string, users: number): Promise<Served> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 10 });
  const repo = new UserAdminRepo();
  const lead = {
    userId: benchLeadId(users),
    isSuperAdmin: false,
    isSysAdmin: false,
    roleIds: [DEPT_CHILD_ROLE],
    orgId: FIRST_COMPANY,
  };
  const scope = await db.tenant(TENANT, (trx) => computeDataScope(trx, lead));
  let total: Promise<number> | undefined;
  const app = Fastify({ logger: false });
  app.get('/page', () =>
    db.tenant(TENANT, (trx) =>
      repo.page(trx, scope, { page: 1, pageSize: 20 }, (exact) => (total ??= exact())),
    ),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
