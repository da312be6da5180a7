import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { dateTimeCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, oneBatch } from '../../platform/export/row-export.js';
import type { Cell } from '../../platform/export/table-export.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { SysDictTypeService } from '../sys-dict-type/sys-dict-type.service.js';
import { dictBindings, fieldColumns, META_COLUMNS, type FormSchema, type UiSchema } from './form-schema.js';
import { invalidFields } from './form-validator.js';
import { SysFormRepo, type FormData } from './sys-form.repo.js';
import type { FormDataExportInput, FormDataFilter, FormSubmission } from './sys-form.schema.js';

const SORT = { createTime: 'd.createTime', version: 'd.version', submitUserName: 'd.submitUserName' };
const DEFAULT_SORT = { column: 'd.createTime', direction: 'desc' } as const;
/** The most rows one export writes. */
const EXPORT_LIMIT = 100_000;

const toOutput = (row: FormData) => ({
  id: row.id,
  formId: row.formId,
  version: row.version,
  data: row.data,
  submitUserId: row.submitUserId,
  submitUserName: row.submitUserName,
  submitOrgId: row.submitOrgId,
  submitOrgName: row.submitOrgName,
  createTime: formatIso(row.createTime),
});

/** Titles of the fields of `schema` refused in a submission, for the 400 (unknown ones by name). */
const titlesOf = (schema: FormSchema, names: string[]) =>
  names.map((name) => schema.properties[name]?.title || name || '/').join(', ');

/**
 * Submissions of a form. A submission is validated against the form's latest PUBLISHED version
 * (ajv, strict, unknown fields refused; dictionary-bound answers must be enabled items of their
 * dictionary) and keeps that version's number. The list, detail, delete and export follow the
 * caller's data scope by the submitter's organisation (and their own submissions).
 */
export class SysFormDataService {
  private readonly repo = new SysFormRepo();
  private readonly dicts: SysDictTypeService;

  constructor(private readonly ctx: AppContext) {
    this.dicts = new SysDictTypeService(ctx);
  }

  page(principal: Principal, filter: FormDataFilter) {
    const sort = resolveSort(filter, SORT, DEFAULT_SORT);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const page = await this.repo.pageData(trx, scope, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.findData(trx, await resolveDataScope(trx, principal), id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.findData(trx, await resolveDataScope(trx, principal), id))) throw notFound();
      await this.repo.deleteData(trx, id);
    });
  }

  /** Values each dictionary-bound field accepts (its dictionary's enabled items), read outside any transaction. */
  private async dictValues(tenantId: string, ui: UiSchema) {
    const out = new Map<string, Map<string, string>>();
    for (const [field, code] of Object.entries(dictBindings(ui))) {
      const items = await this.dicts.dataList(tenantId, code).catch(() => []);
      out.set(field, new Map(items.map((item) => [item.value, item.label])));
    }
    return out;
  }

  async submit(principal: Principal, input: FormSubmission): Promise<string> {
    const published = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const form = await this.repo.find(trx, input.formId);
      if (!form) throw notFound();
      if (form.status !== 1) throw badRequest('sysForm.disabled');
      if (form.publishedVersion === 0) throw badRequest('sysForm.notPublished');
      if (input.version !== undefined && input.version !== form.publishedVersion)
        throw conflict('sysForm.versionChanged', { version: form.publishedVersion });
      return this.repo.version(trx, form.id, form.publishedVersion);
    });
    if (!published) throw notFound();
    const data = input.data as Record<string, unknown>;
    const refused = invalidFields(published.id, published.schema, data);
    for (const [field, allowed] of await this.dictValues(principal.tenantId, published.uiSchema)) {
      const value = data[field];
      if (value === undefined || value === null || value === '') continue;
      const answers = Array.isArray(value) ? value : [value];
      if (answers.some((answer) => !allowed.has(String(answer)))) refused.push(field);
    }
    if (refused.length > 0)
      throw badRequest('sysForm.invalidData', { fields: titlesOf(published.schema, [...new Set(refused)]) });
    const id = newId();
    await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.insertData(trx, {
        id,
        tenantId: principal.tenantId,
        formId: published.formId,
        version: published.version,
        data: JSON.stringify(data),
        submitUserId: principal.userId,
        submitUserName: principal.realName ?? principal.account,
        submitOrgId: principal.orgId,
        submitOrgName: principal.orgName,
      }),
    );
    return id;
  }

  /**
   * The submissions as a file: one column per field of the latest published version, headed by its
   * title (dictionary and fixed options written as their labels), then submitter, organisation,
   * version and time.
   */
  async export(
    principal: Principal,
    input: FormDataExportInput,
    locale: Locale,
    onError: (e: unknown) => void,
  ) {
    const { format, range, columns, ...filter } = input;
    const sort = resolveSort(filter, SORT, DEFAULT_SORT);
    const latest = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const form = await this.repo.find(trx, filter.formId);
      if (!form) throw notFound();
      return form.publishedVersion > 0 ? this.repo.version(trx, form.id, form.publishedVersion) : undefined;
    });
    const schema = latest?.schema ?? { type: 'object', properties: {}, additionalProperties: false };
    const ui = latest?.uiSchema ?? {};
    const labels = await this.dictValues(principal.tenantId, ui);
    for (const [name, field] of Object.entries(schema.properties)) {
      const names = (ui[name] as { 'ui:enumNames'?: unknown } | undefined)?.['ui:enumNames'];
      const values = field.enum ?? field.items?.enum;
      if (Array.isArray(values) && Array.isArray(names))
        labels.set(name, new Map(values.map((v, i) => [String(v), String(names[i] ?? v)])));
    }
    const fields = fieldColumns(schema, ui);
    const derived = [
      ...fields,
      ...META_COLUMNS.map((key) => ({ key, title: t(locale, `sysForm.column.${key}`) })),
    ];
    const cell = (name: string, value: unknown): Cell => {
      const label = (v: unknown) =>
        labels.get(name)?.get(String(v)) ?? (typeof v === 'object' ? JSON.stringify(v) : (v as Cell));
      return Array.isArray(value) ? value.map(label).join(', ') : value === undefined ? null : label(value);
    };
    const read = (limit: number, offset: number) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) =>
        this.repo.listData(trx, await resolveDataScope(trx, principal), filter, sort, limit, offset),
      );
    const pageSize = filter.pageSize ?? 20;
    async function* all() {
      for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_BATCH) {
        const batch = await read(EXPORT_BATCH, offset);
        if (batch.length > 0) yield batch;
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return exportRows(
      {
        format,
        allowed: derived.map((c) => c.key),
        asked: columns ?? derived,
        name: 'form-data',
        rows: () =>
          range === 'page' ? oneBatch(read(pageSize, ((filter.page ?? 1) - 1) * pageSize)) : all(),
        cells: (row: FormData) => {
          const out: Record<string, Cell> = {
            submitUserName: row.submitUserName,
            submitOrgName: row.submitOrgName,
            version: row.version,
            createTime: row.createTime,
          };
          for (const { key } of fields) out[key] = cell(key, row.data[key]);
          return out;
        },
        locale,
        formats: { createTime: dateTimeCell },
      },
      onError,
    );
  }
}
