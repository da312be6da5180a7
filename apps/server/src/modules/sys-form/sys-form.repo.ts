import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import type { FormDataFilter, FormFilter } from './sys-form.schema.js';
import type { SysFormDataTable, SysFormTable, SysFormVersionTable } from './sys-form.table.js';

export type Form = Selectable<SysFormTable>;
export type FormVersion = Selectable<SysFormVersionTable>;
export type FormData = Selectable<SysFormDataTable>;
export type FormWithCounts = Form & { draftChanged: boolean; submissionCount: string | number };
type Sort = { column: string; direction: 'asc' | 'desc' };

/** Forms, their immutable versions and their submissions: the only SQL of sys-form. */
export class SysFormRepo {
  /** A form with whether its draft differs from its latest version, and its number of submissions. */
  private withCounts(trx: Trx) {
    return trx
      .selectFrom('sysForm as f')
      .selectAll('f')
      .select((eb) => [
        eb
          .selectFrom('sysFormData as d')
          .select(sql<string>`count(*)`.as('c'))
          .whereRef('d.formId', '=', 'f.id')
          .as('submissionCount'),
        sql<boolean>`not exists (select 1 from sys_form_version v where v.form_id = f.id
          and v.version = f.published_version and v.schema = f.schema and v.ui_schema = f.ui_schema)`.as(
          'draftChanged',
        ),
      ]);
  }

  page(trx: Trx, filter: FormFilter, sort: Sort) {
    let query = this.withCounts(trx);
    if (filter.name) query = query.where('f.name', 'ilike', containsPattern(filter.name));
    if (filter.code) query = query.where('f.code', 'ilike', containsPattern(filter.code));
    if (filter.status !== undefined) query = query.where('f.status', '=', filter.status);
    return paginate(query, filter, sort, 'f.id');
  }

  findWithCounts(trx: Trx, id: string): Promise<FormWithCounts | undefined> {
    return this.withCounts(trx).where('f.id', '=', id).executeTakeFirst() as Promise<
      FormWithCounts | undefined
    >;
  }

  find(trx: Trx, id: string): Promise<Form | undefined> {
    return trx.selectFrom('sysForm').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The form, locked until the transaction ends (publishing numbers versions one at a time). */
  findForUpdate(trx: Trx, id: string): Promise<Form | undefined> {
    return trx.selectFrom('sysForm').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async codeTaken(trx: Trx, code: string, exceptId?: string): Promise<boolean> {
    let query = trx.selectFrom('sysForm').select('id').where('code', '=', code);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async insert(trx: Trx, row: Insertable<SysFormTable>): Promise<void> {
    await trx.insertInto('sysForm').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysFormTable>): Promise<void> {
    await trx.updateTable('sysForm').set(patch).where('id', '=', id).execute();
  }

  /** Deletes a form; its versions and submissions go with it (foreign keys cascade). */
  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('sysForm').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertVersion(trx: Trx, row: Insertable<SysFormVersionTable>): Promise<void> {
    await trx.insertInto('sysFormVersion').values(row).execute();
  }

  versions(trx: Trx, formId: string) {
    return trx
      .selectFrom('sysFormVersion')
      .select(['id', 'formId', 'version', 'createUserName', 'createTime'])
      .where('formId', '=', formId)
      .orderBy('version', 'desc')
      .execute();
  }

  version(trx: Trx, formId: string, version: number): Promise<FormVersion | undefined> {
    return trx
      .selectFrom('sysFormVersion')
      .selectAll()
      .where('formId', '=', formId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  async insertData(trx: Trx, row: Insertable<SysFormDataTable>): Promise<void> {
    await trx.insertInto('sysFormData').values(row).execute();
  }

  /** Submissions of one form the caller may see: by the submitter's organisation, or their own. */
  private visibleData(trx: Trx, scope: DataScopeSet, filter: FormDataFilter) {
    let query = trx
      .selectFrom('sysFormData as d')
      .selectAll('d')
      .where('d.formId', '=', filter.formId)
      .where(scopeCondition(scope, 'd.submitOrgId', ['d.submitUserId']));
    if (filter.version !== undefined) query = query.where('d.version', '=', filter.version);
    if (filter.submitUserName)
      query = query.where('d.submitUserName', 'ilike', containsPattern(filter.submitUserName));
    if (filter.startTime) query = query.where('d.createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('d.createTime', '<=', new Date(filter.endTime));
    return query;
  }

  pageData(trx: Trx, scope: DataScopeSet, filter: FormDataFilter, sort: Sort) {
    return paginate(this.visibleData(trx, scope, filter), filter, sort, 'd.id');
  }

  listData(trx: Trx, scope: DataScopeSet, filter: FormDataFilter, sort: Sort, limit: number, offset: number) {
    return this.visibleData(trx, scope, filter)
      .orderBy(sql.ref(sort.column), sort.direction)
      .orderBy('d.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  findData(trx: Trx, scope: DataScopeSet, id: string): Promise<FormData | undefined> {
    return trx
      .selectFrom('sysFormData as d')
      .selectAll('d')
      .where('d.id', '=', id)
      .where(scopeCondition(scope, 'd.submitOrgId', ['d.submitUserId']))
      .executeTakeFirst();
  }

  async deleteData(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysFormData').where('id', '=', id).execute();
  }
}
