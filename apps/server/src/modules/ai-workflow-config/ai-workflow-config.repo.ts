import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { AiPromptOverrideTable, AiWorkflowConfigTable } from './ai-workflow-config.table.js';
import type { StudyKind, WorkFlowConfigFilter } from './ai-workflow-config.schema.js';

export type WorkflowConfig = Selectable<AiWorkflowConfigTable>;
export type PromptOverride = Selectable<AiPromptOverrideTable>;

export class AiWorkflowConfigRepo {
  page(trx: Trx, filter: WorkFlowConfigFilter, sort: { column: string; direction: 'asc' | 'desc' }) {
    let query = trx.selectFrom('aiWorkflowConfig as c').selectAll('c').where('c.isDelete', '=', false);
    if (filter.name) query = query.where('c.name', 'ilike', containsPattern(filter.name));
    if (filter.grade) query = query.where('c.grade', '=', filter.grade);
    if (filter.subject) query = query.where('c.subject', '=', filter.subject);
    if (filter.orderType) query = query.where('c.orderType', '=', filter.orderType);
    return paginate(query, filter, sort, 'c.id');
  }

  find(trx: Trx, id: string): Promise<WorkflowConfig | undefined> {
    return trx
      .selectFrom('aiWorkflowConfig')
      .selectAll()
      .where('id', '=', id)
      .where('isDelete', '=', false)
      .executeTakeFirst();
  }

  /**
   * The row serving a kind for a grade and subject, most specific first: grade and subject both
   * named, then grade only (any subject), then subject only (any grade), then neither; within a
   * level the lowest order number.
   */
  pick(trx: Trx, kind: StudyKind, grade: string | null, subject: string | null) {
    return trx
      .selectFrom('aiWorkflowConfig')
      .selectAll()
      .where('isDelete', '=', false)
      .where('orderType', '=', kind)
      .where((eb) => eb.or([eb('grade', 'is', null), eb('grade', '=', grade ?? '')]))
      .where((eb) => eb.or([eb('subject', 'is', null), eb('subject', '=', subject ?? '')]))
      .orderBy(sql`(grade is not null and subject is not null)`, 'desc')
      .orderBy(sql`(grade is not null)`, 'desc')
      .orderBy(sql`(subject is not null)`, 'desc')
      .orderBy('orderNo')
      .orderBy('id')
      .executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<AiWorkflowConfigTable>): Promise<void> {
    await trx.insertInto('aiWorkflowConfig').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<AiWorkflowConfigTable>): Promise<boolean> {
    const result = await trx
      .updateTable('aiWorkflowConfig')
      .set(patch)
      .where('id', '=', id)
      .where('isDelete', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  overrides(trx: Trx): Promise<PromptOverride[]> {
    return trx.selectFrom('aiPromptOverride').selectAll().execute();
  }

  override(trx: Trx, kind: string): Promise<PromptOverride | undefined> {
    return trx.selectFrom('aiPromptOverride').selectAll().where('kind', '=', kind).executeTakeFirst();
  }

  async saveOverride(trx: Trx, row: Insertable<AiPromptOverrideTable>): Promise<void> {
    await trx
      .insertInto('aiPromptOverride')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'kind']).doUpdateSet({
          template: row.template,
          version: row.version,
          updateTime: new Date(),
          updateUserId: row.createUserId,
          updateUserName: row.createUserName,
        }),
      )
      .execute();
  }

  async deleteOverride(trx: Trx, kind: string): Promise<void> {
    await trx.deleteFrom('aiPromptOverride').where('kind', '=', kind).execute();
  }
}
