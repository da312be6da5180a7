import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { dateTimeCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, oneBatch } from '../../platform/export/row-export.js';
import { notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { StuQuestionBankRepo } from './stu-question-bank.repo.js';
import {
  QuestionBankOutput,
  StuInfoOutput,
  type QuestionBankExportInput,
  type QuestionBankFilter,
  type StuInfoExportInput,
  type StuInfoFilter,
} from './stu-question-bank.schema.js';
import type { QuestionRecord } from './stu-question-bank.table.js';

const SORT = {
  createTime: 'q.createTime',
  studentName: 'q.studentName',
  question: 'q.question',
  grade: 'q.grade',
  subject: 'q.subject',
  knowledgePoint: 'q.knowledgePoint',
  isCorrect: 'q.isCorrect',
};
const STUDENT_SORT = {
  account: 'u.account',
  realName: 'u.realName',
  total: 'total',
  lastActivity: 't.lastActivity',
};
/** An export reads at most this many rows. */
const EXPORT_LIMIT = 100_000;

/**
 * A record as the browser sees it. In lists a photographed question's image (a data URL of up to
 * megabytes) is left out; the detail carries it.
 */
const toOutput = (row: QuestionRecord, withImage = true) => ({
  id: row.id,
  studentName: row.studentName,
  grade: row.grade,
  subject: row.subject,
  question: row.question,
  studentAnswer: row.studentAnswer,
  correctAnswer: row.correctAnswer,
  isCorrect: row.isCorrect,
  otherStem: !withImage && row.otherStem?.startsWith('data:') ? null : row.otherStem,
  code: row.code,
  name: row.name,
  description: row.description,
  knowledgePoint: row.knowledgePoint,
  paperId: row.paperId,
  createTime: formatIso(row.createTime),
  createUserId: row.createUserId,
  createUserName: row.createUserName,
  createOrgId: row.createOrgId,
  createOrgName: row.createOrgName,
  updateTime: iso(row.updateTime),
  updateUserId: row.updateUserId,
  updateUserName: row.updateUserName,
});

type StudentRow = {
  id: string;
  account: string;
  realName: string | null;
  orgId: string | null;
  orgName: string | null;
  accountType: number;
  total: string;
  checked: string;
  correct: string;
  lastActivity: Date | null;
};
const toStudent = (row: StudentRow) => {
  const checked = Number(row.checked);
  const correct = Number(row.correct);
  return {
    id: row.id,
    account: row.account,
    realName: row.realName,
    orgId: row.orgId,
    orgName: row.orgName,
    accountType: row.accountType,
    total: Number(row.total),
    checked,
    correct,
    accuracy: checked ? Math.round((correct / checked) * 10_000) / 10_000 : null,
    lastActivity: row.lastActivity ? formatIso(new Date(row.lastActivity)) : null,
  };
};

async function* offsetBatches<R>(read: (limit: number, offset: number) => Promise<R[]>) {
  for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_BATCH) {
    const batch = await read(EXPORT_BATCH, offset);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
  }
}

/**
 * The question bank and the student directory, both under the caller's role data scope: a student
 * (sys_self) sees their own records, a teacher their organisation's (and below, by role), an
 * administrator the tenant's.
 */
export class StuQuestionBankService {
  private readonly repo = new StuQuestionBankRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: QuestionBankFilter) {
    const sort = resolveSort(filter, SORT, { column: 'q.createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, await resolveDataScope(trx, principal), filter, sort);
      return { ...page, items: page.items.map((row) => toOutput(row, false)) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, await resolveDataScope(trx, principal), id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      if (!(await this.repo.softDelete(trx, scope, id, updated(principal)))) throw notFound();
    });
  }

  export(
    principal: Principal,
    input: QuestionBankExportInput,
    locale: Locale,
    onError: (e: unknown) => void,
  ) {
    const { format, range, columns, ...filter } = input;
    const sort = resolveSort(filter, SORT, { column: 'q.createTime', direction: 'desc' });
    const read = (limit: number, offset: number) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) =>
        (await this.repo.list(trx, await resolveDataScope(trx, principal), filter, sort, limit, offset)).map(
          (row) => toOutput(row, false),
        ),
      );
    const pageSize = filter.pageSize ?? 20;
    return exportRows(
      {
        format,
        allowed: Object.keys(QuestionBankOutput.properties),
        asked: columns,
        name: 'question-bank',
        rows: () =>
          range === 'page'
            ? oneBatch(read(pageSize, ((filter.page ?? 1) - 1) * pageSize))
            : offsetBatches(read),
        cells: (row) => row,
        locale,
        formats: { createTime: dateTimeCell, updateTime: dateTimeCell },
      },
      onError,
    );
  }

  studentPage(principal: Principal, filter: StuInfoFilter) {
    const sort = resolveSort(filter, STUDENT_SORT, { column: 't.lastActivity', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.studentPage(trx, await resolveDataScope(trx, principal), filter, sort);
      return { ...page, items: page.items.map((row) => toStudent(row as StudentRow)) };
    });
  }

  studentDetail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const student = await this.repo.student(trx, scope, id);
      if (!student) throw notFound();
      const subjects = await this.repo.subjectsOf(trx, scope, id);
      const recent = await this.repo.list(
        trx,
        scope,
        { userId: id },
        { column: 'q.createTime', direction: 'desc' },
        20,
      );
      return {
        student: toStudent(student as StudentRow),
        subjects: subjects.map((s) => ({
          subject: s.subject,
          total: Number(s.total),
          checked: Number(s.checked),
          correct: Number(s.correct),
        })),
        recent: recent.map((row) => toOutput(row, false)),
      };
    });
  }

  studentExport(
    principal: Principal,
    input: StuInfoExportInput,
    locale: Locale,
    onError: (e: unknown) => void,
  ) {
    const { format, range, columns, ...filter } = input;
    const sort = resolveSort(filter, STUDENT_SORT, { column: 't.lastActivity', direction: 'desc' });
    const read = (limit: number, offset: number) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) =>
        (
          await this.repo.studentList(
            trx,
            await resolveDataScope(trx, principal),
            filter,
            sort,
            limit,
            offset,
          )
        ).map((row) => toStudent(row as StudentRow)),
      );
    const pageSize = filter.pageSize ?? 20;
    return exportRows(
      {
        format,
        allowed: Object.keys(StuInfoOutput.properties),
        asked: columns,
        name: 'students',
        rows: () =>
          range === 'page'
            ? oneBatch(read(pageSize, ((filter.page ?? 1) - 1) * pageSize))
            : offsetBatches(read),
        cells: (row) => row,
        locale,
        formats: { lastActivity: dateTimeCell },
      },
      onError,
    );
  }
}
