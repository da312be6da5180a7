import { MENU_REGISTRY, MODULE_PERMISSIONS, PERMISSIONS } from '@lintel/contracts';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { ColumnTypeName } from '../sys-database/column-types.js';
import { BASE_COLUMNS, isSystemTable } from '../sys-database/ddl-statements.js';
import { SysDatabaseService } from '../sys-database/sys-database.service.js';
import { moduleFiles, writeModule, zipFiles } from './generator/generate.js';
import { camelCase, humanize } from './generator/naming.js';
import { planModule } from './generator/plan.js';
import { SysCodeGenRepo, type CodeGen, type CodeGenConfig } from './sys-code-gen.repo.js';
import type {
  AddCodeGenInput,
  CodeGenPageInput,
  UpdateCodeGenConfigInput,
  UpdateCodeGenInput,
} from './sys-code-gen.schema.js';

const toOutput = (row: CodeGen) => ({
  id: row.id,
  configId: row.configId,
  tableName: row.tableName,
  className: row.className,
  busName: row.busName,
  nameSpace: row.nameSpace,
  authorName: row.authorName,
  tableComment: row.tableComment,
  generateType: row.generateType,
  menuPid: row.menuPid,
  menuIcon: row.menuIcon,
  createTime: iso(row.createTime)!,
  updateTime: iso(row.updateTime),
});

const toConfigOutput = (row: CodeGenConfig) => ({
  id: row.id,
  codeGenId: row.codeGenId,
  columnName: row.columnName,
  propertyName: row.propertyName,
  columnComment: row.columnComment,
  dataType: row.dataType,
  columnLength: row.columnLength,
  effectType: row.effectType,
  dictTypeCode: row.dictTypeCode,
  whetherRequired: row.whetherRequired as 'Y' | 'N',
  queryWhether: row.queryWhether as 'Y' | 'N',
  queryType: row.queryType,
  whetherTable: row.whetherTable as 'Y' | 'N',
  whetherAddUpdate: row.whetherAddUpdate as 'Y' | 'N',
  whetherCommon: row.whetherCommon as 'Y' | 'N',
  orderNo: row.orderNo,
});

/** The control a column starts with, by its type. */
const EFFECT_BY_TYPE: Record<ColumnTypeName, string> = {
  varchar: 'Input',
  text: 'InputTextArea',
  integer: 'InputNumber',
  bigint: 'InputNumber',
  numeric: 'InputNumber',
  boolean: 'Switch',
  date: 'DatePicker',
  timestamptz: 'DateTimePicker',
  jsonb: 'Input',
};

const yes = (value: boolean) => (value ? 'Y' : 'N');

interface TableColumn {
  dbColumnName: string;
  columnType: ColumnTypeName | null;
  dataType: string;
  length: number | null;
  decimalDigits: number | null;
  isNullable: boolean;
  columnDescription: string | null;
  position: number;
}

/** A column's configuration before anyone touches it. */
function defaultConfig(codeGenId: string, column: TableColumn, principal: Principal) {
  const base = (BASE_COLUMNS as readonly string[]).includes(column.dbColumnName);
  const type = column.columnType;
  return {
    id: newId(),
    codeGenId,
    columnName: column.dbColumnName,
    propertyName: camelCase(column.dbColumnName),
    columnComment: (column.columnDescription || humanize(column.dbColumnName)).slice(0, 64),
    dataType: type ?? column.dataType.slice(0, 32),
    columnLength: column.length,
    decimalDigits: column.decimalDigits,
    isNullable: column.isNullable,
    effectType: type ? EFFECT_BY_TYPE[type] : 'Input',
    dictTypeCode: null,
    whetherRequired: yes(!base && !column.isNullable),
    queryWhether: yes(!base && type === 'varchar'),
    queryType: type === 'varchar' ? 'like' : '==',
    whetherTable: yes(!base && type !== 'jsonb'),
    whetherAddUpdate: yes(!base && type !== null),
    whetherCommon: yes(base || type === null),
    orderNo: column.position * 10,
    ...created(principal),
  };
}

/**
 * The code generator (super admin only): records naming a table and how its module is built, the
 * column configurations, and the module itself as a preview, a zip, or files written into the
 * workspace (development).
 */
export class SysCodeGenService {
  private readonly repo = new SysCodeGenRepo();
  private readonly database: SysDatabaseService;

  constructor(private readonly ctx: AppContext) {
    this.database = new SysDatabaseService(ctx);
  }

  private assertSuperAdmin(principal: Principal): void {
    if (!principal.isSuperAdmin) throw forbidden('database.superAdminOnly');
  }

  private run<T>(principal: Principal, fn: (trx: Trx) => Promise<T>): Promise<T> {
    this.assertSuperAdmin(principal);
    return this.ctx.db.platform(fn);
  }

  async page(principal: Principal, input: CodeGenPageInput) {
    const page = await this.run(principal, (trx) => this.repo.page(trx, input));
    return { ...page, items: page.items.map(toOutput) };
  }

  detail(principal: Principal, id: string) {
    return this.run(principal, async (trx) => toOutput(await this.found(trx, id)));
  }

  private async found(trx: Trx, id: string): Promise<CodeGen> {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    return row;
  }

  /** The databases, and the tables a module may be generated from (not the product's own). */
  databaseList(principal: Principal) {
    return this.database.list(principal);
  }

  async tableList(principal: Principal, configId: string) {
    return (await this.database.tableList(principal, configId)).filter((table) => !table.system);
  }

  columnList(principal: Principal, configId: string, tableName: string) {
    return this.database.columnList(principal, configId, tableName);
  }

  /** The table's columns, refusing a product table: modules are generated from one's own tables. */
  private async columnsOf(principal: Principal, configId: string, tableName: string): Promise<TableColumn[]> {
    if (isSystemTable(tableName)) throw badRequest('database.systemTable', { table: tableName });
    return this.database.columnList(principal, configId, tableName);
  }

  /**
   * A module may not take the name of one of the product's own (its files and permissions would
   * land on theirs); a module generated before may be generated again.
   */
  private assertOwnName(className: string): void {
    const controller = camelCase(className);
    const core = Object.hasOwn(PERMISSIONS, controller) && !Object.hasOwn(MODULE_PERMISSIONS, controller);
    if (core || /^Sys[A-Z]/.test(className)) throw conflict('codeGen.duplicateClass', { name: className });
  }

  private assertMenuParent(key: string): void {
    if (!MENU_REGISTRY.some((top) => top.key === key && top.type === 'dir'))
      throw badRequest('codeGen.noMenuParent', { key });
  }

  async add(principal: Principal, input: AddCodeGenInput): Promise<string> {
    this.assertOwnName(input.className);
    this.assertMenuParent(input.menuPid);
    const columns = await this.columnsOf(principal, input.configId, input.tableName);
    const id = newId();
    await this.run(principal, async (trx) => {
      await this.repo.insert(trx, { id, ...fields(input), ...created(principal) });
      await this.repo.insertConfigs(
        trx,
        columns.map((column) => defaultConfig(id, column, principal)),
      );
    });
    return id;
  }

  async update(principal: Principal, input: UpdateCodeGenInput): Promise<void> {
    this.assertOwnName(input.className);
    this.assertMenuParent(input.menuPid);
    const columns = await this.columnsOf(principal, input.configId, input.tableName);
    await this.run(principal, async (trx) => {
      const current = await this.found(trx, input.id);
      await this.repo.update(trx, input.id, { ...fields(input), ...updated(principal) });
      // Another table: its columns replace the old configuration.
      if (current.tableName !== input.tableName || current.configId !== input.configId) {
        await this.repo.deleteAllConfigs(trx, input.id);
        await this.repo.insertConfigs(
          trx,
          columns.map((column) => defaultConfig(input.id, column, principal)),
        );
      }
    });
  }

  async delete(principal: Principal, ids: readonly string[]): Promise<void> {
    const gone = await this.run(principal, (trx) => this.repo.delete(trx, ids));
    if (gone === 0) throw notFound();
  }

  /**
   * Brings the column configuration up to the table: new columns get their defaults, dropped ones
   * go, and the type, length and nullability follow the table; labels and choices are kept.
   */
  async syncField(principal: Principal, id: string): Promise<void> {
    const record = await this.run(principal, (trx) => this.found(trx, id));
    const columns = await this.columnsOf(principal, record.configId, record.tableName);
    await this.run(principal, async (trx) => {
      const configs = await this.repo.configs(trx, id);
      const byName = new Map(configs.map((c) => [c.columnName, c]));
      const present = new Set(columns.map((c) => c.dbColumnName));
      await this.repo.deleteConfigs(
        trx,
        configs.filter((c) => !present.has(c.columnName)).map((c) => c.id),
      );
      const fresh = columns.filter((c) => !byName.has(c.dbColumnName));
      await this.repo.insertConfigs(
        trx,
        fresh.map((column) => defaultConfig(id, column, principal)),
      );
      for (const column of columns) {
        const config = byName.get(column.dbColumnName);
        if (!config) continue;
        await this.repo.updateConfig(trx, config.id, {
          dataType: column.columnType ?? column.dataType.slice(0, 32),
          columnLength: column.length,
          decimalDigits: column.decimalDigits,
          isNullable: column.isNullable,
          ...updated(principal),
        });
      }
    });
  }

  /** Web areas: the default one and those records use. */
  async nameSpaces(principal: Principal): Promise<string[]> {
    const used = await this.run(principal, (trx) => this.repo.nameSpaces(trx));
    return [...new Set(['business', ...used])].sort();
  }

  configDetail(principal: Principal, id: string) {
    return this.run(principal, async (trx) => {
      const row = await this.repo.config(trx, id);
      if (!row) throw notFound();
      return toConfigOutput(row);
    });
  }

  configList(principal: Principal, codeGenId: string) {
    return this.run(principal, async (trx) => {
      await this.found(trx, codeGenId);
      return (await this.repo.configs(trx, codeGenId)).map(toConfigOutput);
    });
  }

  async configUpdate(principal: Principal, rows: UpdateCodeGenConfigInput): Promise<void> {
    await this.run(principal, async (trx) => {
      for (const { id, ...patch } of rows) {
        await this.repo.updateConfig(trx, id, {
          ...patch,
          dictTypeCode: patch.effectType === 'DictSelector' ? (patch.dictTypeCode ?? null) : null,
          ...updated(principal),
        });
      }
    });
  }

  /** The module's plan: the record, its columns and where its page goes. */
  private async plan(principal: Principal, id: string) {
    const { record, configs } = await this.run(principal, async (trx) => ({
      record: await this.found(trx, id),
      configs: await this.repo.configs(trx, id),
    }));
    const parent = MENU_REGISTRY.find((top) => top.key === record.menuPid);
    if (!parent) throw badRequest('codeGen.noMenuParent', { key: record.menuPid });
    if (!configs.some((c) => c.whetherCommon !== 'Y')) throw badRequest('codeGen.noFields');
    return planModule({ ...record, columns: configs }, parent.path);
  }

  async preview(principal: Principal, id: string) {
    return moduleFiles(await this.plan(principal, id));
  }

  async download(principal: Principal, id: string) {
    const plan = await this.plan(principal, id);
    return { name: `${plan.folder}.zip`, zip: zipFiles(plan, await moduleFiles(plan)) };
  }

  /** Writes the module into the workspace (development): refused where the server has none. */
  async runLocal(principal: Principal, id: string) {
    const workspace = this.ctx.config.workspaceDir;
    if (!workspace) throw badRequest('codeGen.noWorkspace');
    const plan = await this.plan(principal, id);
    return writeModule(workspace, plan, await moduleFiles(plan));
  }
}

const fields = (input: AddCodeGenInput) => ({
  configId: input.configId,
  tableName: input.tableName,
  className: input.className,
  busName: input.busName.trim(),
  nameSpace: input.nameSpace,
  authorName: input.authorName ?? null,
  tableComment: input.tableComment ?? null,
  generateType: input.generateType,
  menuPid: input.menuPid,
  menuIcon: input.menuIcon ?? null,
});
