import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { PLATFORM_ROLE } from '../../platform/db/roles.js';

/**
 * `sys_org.path`: each organisation's materialised path of ids, `/<root>/…/<parent>/<id>/`, so that
 * "this organisation and below" is one index range (`path >= '/1/5/' and path < '/1/50'`) instead
 * of a recursive walk whose thousand ids went to every scoped query as a parameter. "C" collation:
 * the range relies on byte order ('/' sorts just before '0').
 *
 * Triggers keep it, so no writer (the organisation pages, directory sync, imports, seeds, a tenant's
 * own database) can leave it stale: an inserted organisation takes its parent's path; a move rewrites
 * the moved organisation's path and then its descendants' in one statement. Row-level triggers see
 * the rows an earlier row of the same statement inserted, so a whole tree inserted parents-first
 * in one statement gets its paths too. An unknown parent (0: a top-level organisation) starts a root.
 */
const statements = [
  `alter table sys_org add column path text collate "C" not null default ''`,
  `create function sys_org_path() returns trigger language plpgsql as $$
   declare
     parent_path text;
   begin
     if tg_op = 'INSERT' or new.pid is distinct from old.pid then
       select path into parent_path from sys_org where id = new.pid;
       new.path := coalesce(nullif(parent_path, ''), '/') || new.id || '/';
     end if;
     return new;
   end $$`,
  `create function sys_org_path_moved() returns trigger language plpgsql as $$
   begin
     update sys_org set path = new.path || substr(path, length(old.path) + 1)
      where path >= old.path and path < left(old.path, -1) || '0' and id <> new.id;
     return null;
   end $$`,
  `create trigger sys_org_path_set before insert or update of pid on sys_org
     for each row execute function sys_org_path()`,
  `create trigger sys_org_path_moved after update of pid on sys_org
     for each row when (old.path is distinct from new.path) execute function sys_org_path_moved()`,
  // With the id and tenant: a subtree is read from the index alone (RLS checks the tenant).
  `create index sys_org_path_ix on sys_org (path) include (id, tenant_id)`,
  // Reports run as lintel_report (0022), whose data-scope filter now reads the path too.
  `grant select (path) on sys_org to lintel_report`,
  // Existing organisations, parents before children (a cycle, which the service refuses, keeps ''),
  // as the platform role: row-level security is forced on the owner too, and no policy names it.
  `set local role ${PLATFORM_ROLE}`,
  `with recursive tree(id, path) as (
     select o.id, '/' || o.id || '/' from sys_org o
      where not exists (select 1 from sys_org p where p.id = o.pid)
     union all
     select o.id, t.path || o.id || '/' from sys_org o join tree t on o.pid = t.id
   )
   update sys_org o set path = tree.path from tree where tree.id = o.id`,
  `set local role none`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
