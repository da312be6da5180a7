import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Database, Trx } from '../../platform/db/database.js';
import { OWN_DB_TENANT_TYPE } from '../../platform/db/tenant-databases.js';
import { sqlState } from '../../platform/db/sql-helpers.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { SysTenantRepo } from '../sys-tenant/sys-tenant.repo.js';
import { COLUMN_TYPES, columnTypeOf } from './column-types.js';
import * as ddl from './ddl-statements.js';
import { nextMigrationName, writeMigration } from './migration-files.js';
import { SysDatabaseRepo, type ColumnRow } from './sys-database.repo.js';
import {
  MAIN_CONFIG_ID,
  type AddColumnInput,
  type AddTableInput,
  type ColumnInput,
  type TableInput,
  type UpdateColumnInput,
  type UpdateTableInput,
} from './sys-database.schema.js';

/** The most rows a seed export holds: seed data is reference data, not a backup. */
export const SEED_ROW_LIMIT = 10_000;

const toColumnOutput = (row: ColumnRow) => ({
  dbColumnName: row.dbColumnName,
  dataType: row.dataType,
  columnType: columnTypeOf(row.typname),
  length: row.length ?? row.precision,
  decimalDigits: row.scale,
  isNullable: row.isNullable,
  isPrimarykey: row.isPrimarykey,
  isIdentity: row.isIdentity,
  defaultValue: row.defaultValue,
  columnDescription: row.columnDescription,
  position: row.position,
});

/**
 * The database tools (super admin only): what the main database and each database-type tenant's
 * database hold, and schema changes, made one of three ways (config `schemaChanges`):
 * - `migration`: written as a migration file into the workspace and applied to the open databases,
 *   so the change reaches every other database (and every developer) through the migrations;
 * - `direct`: applied to the chosen database only;
 * - `off`: refused.
 */
export class SysDatabaseService {
  private readonly repo = new SysDatabaseRepo();
  private readonly tenants = new SysTenantRepo();

  constructor(private readonly ctx: AppContext) {}

  private assertSuperAdmin(principal: Principal): void {
    if (!principal.isSuperAdmin) throw forbidden('database.superAdminOnly');
  }

  /** The main database and those of database-type tenants. */
  async list(principal: Principal) {
    this.assertSuperAdmin(principal);
    const own = await this.ctx.db.platform((trx) => this.tenants.ofType(trx, OWN_DB_TENANT_TYPE));
    const routing = this.ctx.db.tenantDatabases;
    const mainType = this.ctx.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    return [
      { configId: MAIN_CONFIG_ID, name: 'main', dbType: mainType, location: 'main' },
      ...own
        .filter(() => !!routing)
        .map((tenant) => {
          const where = routing!.location(tenant.id);
          return {
            configId: tenant.id,
            name: tenant.name,
            dbType: where.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
            location: where.location,
          };
        }),
    ];
  }

  /** The database a config id names: the main one, or an existing database-type tenant's. */
  private async database(configId: string): Promise<Database> {
    if (configId === MAIN_CONFIG_ID) return this.ctx.db;
    const routing = this.ctx.db.tenantDatabases;
    if (!routing?.isOwn(configId) || !(await routing.exists(configId)))
      throw notFound('database.unknown', { configId });
    return routing.get(configId);
  }

  private async read<T>(principal: Principal, configId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    this.assertSuperAdmin(principal);
    return (await this.database(configId)).platform(fn);
  }

  async tableList(principal: Principal, configId: string) {
    const rows = await this.read(principal, configId, (trx) => this.repo.tables(trx));
    return rows.map((row) => ({
      name: row.name,
      description: row.description,
      system: ddl.isSystemTable(row.name),
      columnCount: row.columnCount,
      estimatedRows: Number(row.estimatedRows),
    }));
  }

  /** The column types the tools create, once the database is known. */
  async columnTypes(principal: Principal, configId: string): Promise<string[]> {
    await this.read(principal, configId, async () => undefined);
    return [...COLUMN_TYPES];
  }

  columnList(principal: Principal, configId: string, tableName: string) {
    return this.read(principal, configId, async (trx) => {
      if (!(await this.repo.tableExists(trx, tableName)))
        throw notFound('database.noTable', { table: tableName });
      return (await this.repo.columns(trx, tableName)).map(toColumnOutput);
    });
  }

  /** Columns, indexes and foreign keys of one table. */
  tableDetail(principal: Principal, configId: string, tableName: string) {
    return this.read(principal, configId, async (trx) => {
      if (!(await this.repo.tableExists(trx, tableName)))
        throw notFound('database.noTable', { table: tableName });
      return {
        columns: (await this.repo.columns(trx, tableName)).map(toColumnOutput),
        indexes: await this.repo.indexes(trx, tableName),
        relations: await this.repo.relations(trx, tableName),
      };
    });
  }

  /** Every table with its columns and foreign keys, for the diagram. */
  visual(principal: Principal, configId: string) {
    return this.read(principal, configId, async (trx) => {
      const tables = await this.repo.tables(trx);
      const columns = await this.repo.columns(trx, null);
      return {
        visualTableList: tables.map((t) => ({
          tableName: t.name,
          tableComment: t.description,
          columnCount: t.columnCount,
        })),
        visualColumnList: columns.map((c) => ({
          tableName: c.tableName,
          columnName: c.dbColumnName,
          dataType: c.dataType,
          isPrimarykey: c.isPrimarykey,
          columnDescription: c.columnDescription,
        })),
        columnRelationList: await this.repo.relations(trx, null),
      };
    });
  }

  /** A table's rows as seed data (JSON, camelCase like the table types), up to SEED_ROW_LIMIT. */
  seedData(principal: Principal, input: TableInput) {
    return this.read(principal, input.configId, async (trx) => {
      if (!(await this.repo.tableExists(trx, input.tableName)))
        throw notFound('database.noTable', { table: input.tableName });
      const columns = await this.repo.columns(trx, input.tableName);
      const order = columns.some((c) => c.dbColumnName === 'id') ? 'id' : null;
      const rows = await this.repo.rows(trx, input.tableName, order, SEED_ROW_LIMIT + 1);
      if (rows.length > SEED_ROW_LIMIT)
        throw badRequest('database.seedTooLarge', { table: input.tableName, limit: SEED_ROW_LIMIT });
      return JSON.stringify(rows, null, 2) + '\n';
    });
  }

  addTable(principal: Principal, input: AddTableInput) {
    return this.change(
      principal,
      input.configId,
      `add_table_${input.tableName}`,
      `Add table ${input.tableName}`,
      () => ddl.createTable(input),
    );
  }

  alterTable(principal: Principal, input: UpdateTableInput) {
    return this.change(
      principal,
      input.configId,
      `update_table_${input.tableName}`,
      `Change table ${input.oldTableName}`,
      () => ddl.alterTable(input),
      input.oldTableName,
    );
  }

  deleteTable(principal: Principal, input: TableInput) {
    return this.change(
      principal,
      input.configId,
      `drop_table_${input.tableName}`,
      `Drop table ${input.tableName}`,
      () => ddl.dropTable(input.tableName),
      input.tableName,
    );
  }

  addColumn(principal: Principal, input: AddColumnInput) {
    const { configId, tableName, ...column } = input;
    return this.change(
      principal,
      configId,
      `add_column_${tableName}_${column.dbColumnName}`,
      `Add column ${tableName}.${column.dbColumnName}`,
      () => ddl.addColumn(tableName, column),
      tableName,
    );
  }

  updateColumn(principal: Principal, input: UpdateColumnInput) {
    return this.change(
      principal,
      input.configId,
      `update_column_${input.tableName}_${input.dbColumnName}`,
      `Change column ${input.tableName}.${input.oldColumnName}`,
      () => ddl.updateColumn(input),
      input.tableName,
    );
  }

  deleteColumn(principal: Principal, input: ColumnInput) {
    return this.change(
      principal,
      input.configId,
      `drop_column_${input.tableName}_${input.dbColumnName}`,
      `Drop column ${input.tableName}.${input.dbColumnName}`,
      () => ddl.dropColumn(input.tableName, input.dbColumnName),
      input.tableName,
    );
  }

  /**
   * One schema change. The statements run in one transaction as the owner; in migration mode the
   * file is written inside it, so a change PostgreSQL refuses leaves no file, and a file whose write
   * failed leaves no change.
   */
  private async change(
    principal: Principal,
    configId: string,
    slug: string,
    summary: string,
    statements: () => string[],
    existing?: string,
  ): Promise<{ applied: boolean; migration: string | null }> {
    this.assertSuperAdmin(principal);
    const { schemaChanges, workspaceDir } = this.ctx.config;
    if (schemaChanges === 'off') throw forbidden('database.changesOff');
    const sqls = statements();
    if (sqls.length === 0) return { applied: false, migration: null };
    const target = await this.database(configId);
    const run = (db: Database, after?: (trx: Trx) => Promise<void>) =>
      db.owner(async (trx) => {
        if (existing && !(await this.repo.tableExists(trx, existing)))
          throw notFound('database.noTable', { table: existing });
        await this.repo.execute(trx, sqls);
        await after?.(trx);
      });
    try {
      if (schemaChanges === 'direct') {
        await run(target);
        return { applied: true, migration: null };
      }
      const workspace = workspaceDir!;
      const name = await nextMigrationName(workspace, slug);
      let file = '';
      await run(this.ctx.db, async (trx) => {
        await this.repo.recordMigration(trx, name);
        file = await writeMigration(workspace, name, summary, sqls);
      });
      await this.applyToOpenTenantDatabases(name, sqls);
      return { applied: true, migration: file };
    } catch (error) {
      throw refused(error);
    }
  }

  /**
   * The open databases of database-type tenants take the new migration now; one that refuses it is
   * logged and takes it at its next start (the migration stays pending there).
   */
  private async applyToOpenTenantDatabases(name: string, sqls: string[]): Promise<void> {
    const routing = this.ctx.db.tenantDatabases;
    if (!routing) return;
    for (const db of await routing.openDatabases()) {
      await db
        .owner(async (trx) => {
          await this.repo.execute(trx, sqls);
          await this.repo.recordMigration(trx, name);
        })
        .catch((error: unknown) =>
          this.ctx.log.warn(
            { err: error, migration: name },
            'a tenant database did not take a schema change',
          ),
        );
    }
  }
}

/** PostgreSQL's refusal of a change, as a 400 naming what it said; our own errors pass through. */
function refused(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const state = sqlState(error);
  if (typeof state === 'string' && /^(22|23|42)/.test(state))
    return badRequest('database.rejected', { reason: (error as Error).message });
  return error;
}
