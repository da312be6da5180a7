import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { AccountType } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import { scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import type { QuestionRecord, StuQuestionBankTable } from './stu-question-bank.table.js';
import type { QuestionBankFilter, StatsInput, StuInfoFilter } from './stu-question-bank.schema.js';

type Sort = { column: string; direction: 'asc' | 'desc' };

/**
 * Question-bank records are the student's own rows: the creator is the student and the creating
 * organisation is the student's, so the role data scope applies as to any organisation-owned data
 * (sys_self: own records; sys_deptChild: the organisation and below; all: the tenant).
 */
const visible = (scope: DataScopeSet) => scopeCondition(scope, 'q.createOrgId', ['q.createUserId']);

export class StuQuestionBankRepo {
  async insert(trx: Trx, row: Insertable<StuQuestionBankTable>): Promise<void> {
    await trx.insertInto('stuQuestionBank').values(row).execute();
  }

  async insertMany(trx: Trx, rows: Insertable<StuQuestionBankTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('stuQuestionBank').values(rows).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<StuQuestionBankTable>): Promise<boolean> {
    const result = await trx
      .updateTable('stuQuestionBank')
      .set(patch)
      .where('id', '=', id)
      .where('isDelete', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A record the caller may see (data scope), not deleted. */
  find(trx: Trx, scope: DataScopeSet, id: string): Promise<QuestionRecord | undefined> {
    return trx
      .selectFrom('stuQuestionBank as q')
      .selectAll('q')
      .where('q.id', '=', id)
      .where('q.isDelete', '=', false)
      .where(visible(scope))
      .executeTakeFirst();
  }

  private filtered(trx: Trx, scope: DataScopeSet, filter: QuestionBankFilter) {
    let query = trx
      .selectFrom('stuQuestionBank as q')
      .selectAll('q')
      .where('q.isDelete', '=', false)
      .where(visible(scope));
    if (filter.studentName)
      query = query.where('q.studentName', 'ilike', containsPattern(filter.studentName));
    if (filter.grade) query = query.where('q.grade', '=', filter.grade);
    if (filter.subject) query = query.where('q.subject', '=', filter.subject);
    if (filter.knowledgePoint)
      query = query.where('q.knowledgePoint', 'ilike', containsPattern(filter.knowledgePoint));
    if (filter.question) query = query.where('q.question', 'ilike', containsPattern(filter.question));
    if (filter.isCorrect === 'null') query = query.where('q.isCorrect', 'is', null);
    else if (filter.isCorrect) query = query.where('q.isCorrect', '=', filter.isCorrect === 'true');
    if (filter.userId) query = query.where('q.createUserId', '=', filter.userId);
    if (filter.startTime) query = query.where('q.createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('q.createTime', '<=', new Date(filter.endTime));
    return query;
  }

  page(trx: Trx, scope: DataScopeSet, filter: QuestionBankFilter, sort: Sort) {
    return paginate(this.filtered(trx, scope, filter), filter, sort, 'q.id');
  }

  list(trx: Trx, scope: DataScopeSet, filter: QuestionBankFilter, sort: Sort, limit: number, offset = 0) {
    return this.filtered(trx, scope, filter)
      .orderBy(sql.ref(sort.column), sort.direction)
      .orderBy('q.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async softDelete(trx: Trx, scope: DataScopeSet, id: string, stamp: Updateable<StuQuestionBankTable>) {
    const result = await trx
      .updateTable('stuQuestionBank as q')
      .set({ ...stamp, isDelete: true })
      .where('q.id', '=', id)
      .where('q.isDelete', '=', false)
      .where(visible(scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The records the statistics are computed from (only the columns they need). */
  statsRows(trx: Trx, scope: DataScopeSet, userId: string, filter: StatsInput) {
    let query = trx
      .selectFrom('stuQuestionBank as q')
      .select(['q.subject', 'q.knowledgePoint', 'q.isCorrect', 'q.createTime'])
      .where('q.isDelete', '=', false)
      .where('q.createUserId', '=', userId)
      .where(visible(scope));
    if (filter.grade) query = query.where('q.grade', '=', filter.grade);
    if (filter.subject) query = query.where('q.subject', '=', filter.subject);
    if (filter.knowledgePoint) query = query.where('q.knowledgePoint', '=', filter.knowledgePoint);
    if (filter.startTime) query = query.where('q.createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('q.createTime', '<=', new Date(filter.endTime));
    return query.orderBy('q.createTime').limit(50_000).execute();
  }

  /**
   * Students within the scope: accounts of type Member, and any account with records the caller may
   * see; with their record counts, accuracy and last activity over the visible records.
   */
  private students(trx: Trx, scope: DataScopeSet, filter: StuInfoFilter) {
    const tally = trx
      .selectFrom('stuQuestionBank as q')
      .select([
        'q.createUserId as userId',
        sql<string>`count(*)`.as('total'),
        sql<string>`count(q.is_correct)`.as('checked'),
        sql<string>`count(*) filter (where q.is_correct)`.as('correct'),
        sql<Date>`max(q.create_time)`.as('lastActivity'),
      ])
      .where('q.isDelete', '=', false)
      .where(visible(scope))
      .groupBy('q.createUserId')
      .as('t');
    let query = trx
      .selectFrom('sysUser as u')
      .leftJoin(tally, 't.userId', 'u.id')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.orgId',
        'o.name as orgName',
        'u.accountType',
        sql<string>`coalesce(t.total, 0)`.as('total'),
        sql<string>`coalesce(t.checked, 0)`.as('checked'),
        sql<string>`coalesce(t.correct, 0)`.as('correct'),
        't.lastActivity',
      ])
      .where((eb) =>
        eb.or([
          eb('t.userId', 'is not', null),
          eb.and([
            eb('u.accountType', '=', AccountType.Member),
            scopeCondition(scope, 'u.orgId', ['u.createUserId', 'u.id']),
          ]),
        ]),
      );
    if (filter.account) query = query.where('u.account', 'ilike', containsPattern(filter.account));
    if (filter.realName) query = query.where('u.realName', 'ilike', containsPattern(filter.realName));
    if (filter.orgId) query = query.where('u.orgId', '=', filter.orgId);
    return query;
  }

  studentPage(trx: Trx, scope: DataScopeSet, filter: StuInfoFilter, sort: Sort) {
    return paginate(this.students(trx, scope, filter), filter, sort, 'u.id');
  }

  studentList(trx: Trx, scope: DataScopeSet, filter: StuInfoFilter, sort: Sort, limit: number, offset = 0) {
    return this.students(trx, scope, filter)
      .orderBy(sql.ref(sort.column), sort.direction)
      .orderBy('u.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  student(trx: Trx, scope: DataScopeSet, userId: string) {
    return this.students(trx, scope, {}).where('u.id', '=', userId).executeTakeFirst();
  }

  subjectsOf(trx: Trx, scope: DataScopeSet, userId: string) {
    return trx
      .selectFrom('stuQuestionBank as q')
      .select([
        sql<string>`coalesce(q.subject, '')`.as('subject'),
        sql<string>`count(*)`.as('total'),
        sql<string>`count(q.is_correct)`.as('checked'),
        sql<string>`count(*) filter (where q.is_correct)`.as('correct'),
      ])
      .where('q.isDelete', '=', false)
      .where('q.createUserId', '=', userId)
      .where(visible(scope))
      .groupBy('q.subject')
      .orderBy('q.subject')
      .execute();
  }
}
