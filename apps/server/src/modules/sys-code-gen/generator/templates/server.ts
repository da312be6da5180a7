import type { FieldPlan, ModulePlan } from '../plan.js';
import { columnTsType } from '../wire-types.js';
import { camelCase } from '../naming.js';

const contracts = '@lintel/contracts';
/** Schema values come from the wire subpath; the main entry exports their types only. */
const wire = '@lintel/contracts/wire';

/** The Kysely name of the table (CamelCasePlugin): biz_book → bizBook. */
const tableKey = (plan: ModulePlan) => camelCase(plan.table);

/** <folder>.table.ts: the table's Kysely type, added to the database map by declaration merging. */
export function tableFile(plan: ModulePlan): string {
  const { className: C } = plan;
  const kinds = new Set(plan.fields.map(columnTsType));
  const imports = ['Audit', 'Id', ...['NullableTimestamp', 'Timestamp'].filter((k) => kinds.has(k))];
  return `import type { ${imports.join(', ')} } from '../../platform/db/tables/column-types.js';

/** ${plan.title}: the table ${plan.table}, a tenant table. */
export interface ${C}Table extends Audit {
  id: Id;
  tenantId: Id;
${plan.fields.map((f) => `  ${f.prop}: ${columnTsType(f)};`).join('\n')}
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    ${tableKey(plan)}: ${C}Table;
  }
}
`;
}

function filterLine(f: FieldPlan): string {
  const p = f.prop;
  switch (f.queryType) {
    case 'like':
      return f.wire === 'string'
        ? `    if (filter.${p}) query = query.where('${p}', 'ilike', containsPattern(filter.${p}));`
        : `    if (filter.${p} !== undefined) query = query.where('${p}', '=', filter.${p});`;
    case 'between':
      return `    if (filter.${p}) query = query.where('${p}', '>=', filter.${p}[0]!).where('${p}', '<=', filter.${p}[1]!);`;
    case '==':
      return `    if (filter.${p} !== undefined) query = query.where('${p}', '=', filter.${p});`;
    default:
      return `    if (filter.${p} !== undefined) query = query.where('${p}', '${f.queryType}', filter.${p});`;
  }
}

/** <folder>.repo.ts: the module's SQL, on the transaction the service passes. */
export function repoFile(plan: ModulePlan): string {
  const { className: C } = plan;
  const t = tableKey(plan);
  const query = plan.fields.filter((f) => f.inQuery);
  const sortable = ['id', ...plan.fields.filter((f) => f.inList).map((f) => f.prop), 'createTime'];
  const needsPattern = query.some((f) => f.queryType === 'like' && f.wire === 'string');
  return `import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ${C}Filter } from '${contracts}';
import type { Trx } from '../../platform/db/database.js';
${needsPattern ? "import { containsPattern } from '../../platform/db/sql-helpers.js';\n" : ''}import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { ${C}Table } from './${plan.folder}.table.js';

export type ${C} = Selectable<${C}Table>;

/** Columns the list may be sorted by, by the name the client sends. */
const SORTABLE: Record<string, string> = {
${sortable.map((p) => `  ${p}: '${p}',`).join('\n')}
};

/** The most rows one export writes. */
export const EXPORT_LIMIT = 10000;

export class ${C}Repo {
  private filtered(trx: Trx, filter: ${C}Filter) {
    let query = trx.selectFrom('${t}').selectAll();
${query.map(filterLine).join('\n')}
    return query;
  }

  page(trx: Trx, filter: ${C}Filter) {
    const sort = resolveSort(filter, SORTABLE, { column: 'id', direction: 'desc' });
    return paginate(this.filtered(trx, filter), filter, sort);
  }

  all(trx: Trx, filter: ${C}Filter): Promise<${C}[]> {
    const sort = resolveSort(filter, SORTABLE, { column: 'id', direction: 'desc' });
    return this.filtered(trx, filter).orderBy(sort.column as 'id', sort.direction).orderBy('id').limit(EXPORT_LIMIT).execute();
  }

  find(trx: Trx, id: string): Promise<${C} | undefined> {
    return trx.selectFrom('${t}').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<${C}Table>): Promise<void> {
    await trx.insertInto('${t}').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<${C}Table>): Promise<void> {
    await trx.updateTable('${t}').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('${t}').where('id', '=', id).execute();
  }
}
`;
}

/** How a row's value is written on the wire. */
function outputValue(f: FieldPlan): string {
  if (f.wire === 'dateTime') return f.nullable ? `iso(row.${f.prop})` : `formatIso(row.${f.prop})`;
  return `row.${f.prop}`;
}

/** <folder>.service.ts: the rules; opens the tenant transaction and passes it down. */
export function serviceFile(plan: ModulePlan): string {
  const { className: C, controller: c } = plan;
  const form = plan.fields.filter((f) => f.inForm);
  const value = (f: FieldPlan) =>
    f.wire === 'string' && f.required
      ? `input.${f.prop}.trim()`
      : f.required
        ? `input.${f.prop}`
        : `input.${f.prop} ?? null`;
  const usesFormatIso = plan.fields.some((f) => f.wire === 'dateTime' && !f.nullable);
  return `import type { ${C}Filter, ${C}Input, Locale } from '${contracts}';
import { ${C}Output } from '${wire}';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { dateTimeCell } from '../../platform/export/cell-formats.js';
import { exportRows, oneBatch } from '../../platform/export/row-export.js';
import type { ExportOptions } from '../../platform/export/table-export.js';
import { notFound } from '../../platform/http/errors.js';
${usesFormatIso ? "import { formatIso } from '../../platform/http/result.js';\n" : ''}import { ${C}Repo, type ${C} } from './${plan.folder}.repo.js';

/** Fields a file may hold, and how dates are written. */
const EXPORTABLE = Object.keys(${C}Output.properties);
const FORMATS = { createTime: dateTimeCell, updateTime: dateTimeCell };

const toOutput = (row: ${C}) => ({
  id: row.id,
${plan.fields.map((f) => `  ${f.prop}: ${outputValue(f)},`).join('\n')}
  createTime: iso(row.createTime)!,
  updateTime: iso(row.updateTime),
});

/** The values of an add or update, as the form sends them. */
const values = (input: ${C}Input) => ({
${form.map((f) => `  ${f.prop}: ${value(f)},`).join('\n')}
});

/** ${plan.title} of the working tenant. */
export class ${C}Service {
  private readonly repo = new ${C}Repo();

  constructor(private readonly ctx: AppContext) {}

  async page(principal: Principal, filter: ${C}Filter) {
    const page = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.page(trx, filter));
    return { ...page, items: page.items.map(toOutput) };
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  add(principal: Principal, input: ${C}Input): Promise<string> {
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = { id, tenantId: principal.tenantId, ...values(input), ...created(principal) };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({ principal, table: '${c}', rowId: id, operation: 'insert', after: row });
      return id;
    });
  }

  async update(principal: Principal, input: ${C}Input & { id: string }): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      const patch = { ...values(input), ...updated(principal) };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: '${c}',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: '${c}', rowId: id, operation: 'delete', before: current });
    });
  }

  /** The filtered rows as a file (the page shown, or all up to the export limit), streamed. */
  export(principal: Principal, input: ${C}Filter & ExportOptions, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const rows = async () =>
      range === 'page'
        ? (await this.page(principal, filter)).items
        : (await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.all(trx, filter))).map(toOutput);
    return exportRows(
      {
        format,
        allowed: EXPORTABLE,
        asked: columns,
        name: '${plan.folder}',
        rows: () => oneBatch(rows()),
        cells: (row) => row,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }
}
`;
}

/** <folder>.routes.ts: the standard routes, each with its schema and permission (standardRoutes). */
export function routesFile(plan: ModulePlan): string {
  const { className: C, controller: c } = plan;
  return `import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Add${C}Body, ${C}IdBody, ${C}Output, ${C}Query, Update${C}Body } from '${wire}';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ExportFields } from '../../platform/export/table-export.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';
import { PageOf } from '../../platform/http/paging.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { ${C}Service } from './${plan.folder}.service.js';

const tags = ['${c}'];
const ExportBody = Type.Object({ ...${C}Query.properties, ...ExportFields }, { additionalProperties: false });

/** ${plan.title} (generated by the code generator). */
export const ${c}Routes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ${C}Service(ctx);
    const routes = standardRoutes(app, { controller: '${c}', tags });

    routes.page({
      summary: 'A page of ${plan.title}',
      body: ${C}Query,
      response: PageOf(${C}Output),
      handler: (request) => service.page(principalOf(request), request.body),
    });

    routes.detail({
      summary: 'One row of ${plan.title}',
      querystring: ${C}IdBody,
      response: ${C}Output,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });

    routes.add({
      summary: 'Add a row; returns its id',
      body: Add${C}Body,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a row',
      body: Update${C}Body,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a row',
      body: ${C}IdBody,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.export({
      summary: 'The filtered rows as xlsx, csv, html, xml or txt',
      body: ExportBody,
      handler: (request) =>
        service.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, '${plan.folder} export failed'),
        ),
    });

    registerBatchRoutes(app, {
      controller: '${c}',
      tags,
      rows: '${plan.folder} rows',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
`;
}
