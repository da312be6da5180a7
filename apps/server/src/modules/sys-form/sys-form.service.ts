import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { SysDictTypeService } from '../sys-dict-type/sys-dict-type.service.js';
import { assertPublishable, dictBindings, normalizeSchema, normalizeUiSchema } from './form-schema.js';
import { assertCompiles } from './form-validator.js';
import { SysFormRepo, type FormWithCounts } from './sys-form.repo.js';
import type { FormFilter, FormInput, FormUpdate, FormVersionsFilter } from './sys-form.schema.js';

const SORT = {
  name: 'f.name',
  code: 'f.code',
  createTime: 'f.createTime',
  publishedVersion: 'f.publishedVersion',
};

const toOutput = (row: FormWithCounts) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  title: row.title,
  description: row.description,
  status: row.status,
  schema: row.schema,
  uiSchema: row.uiSchema,
  publishedVersion: row.publishedVersion,
  publishedTime: iso(row.publishedTime),
  draftChanged: row.draftChanged,
  submissionCount: Number(row.submissionCount),
  createUserName: row.createUserName,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

/**
 * Forms of the designer: the draft (schema + uiSchema, checked against the allow list of
 * form-schema.ts on every save) is edited freely, also after publishing; publishing checks it
 * again (fields present, ajv compiles it, its dictionaries exist) and writes the next immutable
 * version, under a lock of the form row so two publications never take the same number.
 */
export class SysFormService {
  private readonly repo = new SysFormRepo();
  private readonly dicts: SysDictTypeService;

  constructor(private readonly ctx: AppContext) {
    this.dicts = new SysDictTypeService(ctx);
  }

  page(principal: Principal, filter: FormFilter) {
    const sort = resolveSort(filter, SORT, { column: 'f.createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map((row) => toOutput(row as FormWithCounts)) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.findWithCounts(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  private fields(input: FormInput) {
    return {
      name: input.name.trim(),
      code: input.code.trim(),
      title: input.title?.trim() || null,
      description: input.description?.trim() || null,
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
  }

  add(principal: Principal, input: FormInput): Promise<string> {
    const id = newId();
    const schema = normalizeSchema(input.schema);
    const uiSchema = normalizeUiSchema(input.uiSchema);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (await this.repo.codeTaken(trx, input.code.trim()))
        throw conflict('crud.duplicateCode', { code: input.code });
      await this.repo.insert(trx, {
        id,
        tenantId: principal.tenantId,
        ...this.fields(input),
        schema: JSON.stringify(schema),
        uiSchema: JSON.stringify(uiSchema),
        ...created(principal),
      });
      return id;
    });
  }

  /** Saves the draft (and the form's name, code, title, status); published versions stay as they are. */
  async update(principal: Principal, input: FormUpdate): Promise<void> {
    const schema = input.schema === undefined ? undefined : normalizeSchema(input.schema);
    const uiSchema = input.uiSchema === undefined ? undefined : normalizeUiSchema(input.uiSchema);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.find(trx, input.id))) throw notFound();
      if (await this.repo.codeTaken(trx, input.code.trim(), input.id))
        throw conflict('crud.duplicateCode', { code: input.code });
      await this.repo.update(trx, input.id, {
        ...this.fields(input),
        ...(schema ? { schema: JSON.stringify(schema) } : {}),
        ...(uiSchema ? { uiSchema: JSON.stringify(uiSchema) } : {}),
        ...updated(principal),
      });
    });
  }

  /** Deletes a form with its versions and submissions. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.delete(trx, id))) throw notFound();
    });
  }

  async publish(principal: Principal, id: string): Promise<{ version: number }> {
    const draft = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, id));
    if (!draft) throw notFound();
    const schema = normalizeSchema(draft.schema);
    assertPublishable(schema);
    assertCompiles(schema);
    // Dictionaries are read before the transaction (the dictionary service opens its own).
    for (const [field, code] of Object.entries(dictBindings(draft.uiSchema))) {
      try {
        await this.dicts.dataList(principal.tenantId, code);
      } catch {
        throw badRequest('sysForm.unknownDict', { field, code });
      }
    }
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const form = await this.repo.findForUpdate(trx, id);
      if (!form) throw notFound();
      const latest =
        form.publishedVersion > 0 ? await this.repo.version(trx, id, form.publishedVersion) : undefined;
      if (
        latest &&
        JSON.stringify(latest.schema) === JSON.stringify(form.schema) &&
        JSON.stringify(latest.uiSchema) === JSON.stringify(form.uiSchema)
      )
        throw badRequest('sysForm.unchanged', { version: latest.version });
      const version = form.publishedVersion + 1;
      await this.repo.insertVersion(trx, {
        id: newId(),
        tenantId: principal.tenantId,
        formId: id,
        version,
        schema: JSON.stringify(form.schema),
        uiSchema: JSON.stringify(form.uiSchema),
        createUserId: principal.userId,
        createUserName: principal.realName ?? principal.account,
      });
      await this.repo.update(trx, id, { publishedVersion: version, publishedTime: new Date() });
      return { version };
    });
  }

  /** Every version of a form, newest first, or one version with its schema and uiSchema. */
  versions(principal: Principal, query: FormVersionsFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.find(trx, query.formId))) throw notFound();
      if (query.version === undefined)
        return (await this.repo.versions(trx, query.formId)).map((v) => ({
          ...v,
          createTime: formatIso(v.createTime),
        }));
      const one = await this.repo.version(trx, query.formId, query.version);
      if (!one) throw notFound();
      return [
        {
          id: one.id,
          formId: one.formId,
          version: one.version,
          schema: one.schema,
          uiSchema: one.uiSchema,
          createUserName: one.createUserName,
          createTime: formatIso(one.createTime),
        },
      ];
    });
  }
}
