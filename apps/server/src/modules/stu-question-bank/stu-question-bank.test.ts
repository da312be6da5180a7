import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@lintel/contracts';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { hashPassword } from '../../platform/crypto/passwords.js';

/**
 * Data scope over the question bank: member (sys_self, org 其他) sees their own records; staff
 * (sys_deptChild over 开发部) sees 开发部 and 前端组, where the pupil account studies; the admin sees all;
 * another tenant sees nothing.
 */
const PUPIL = '1300000000190';
const FRONTEND_ORG = '1300000000204';
const MEMBER_ORG = '1300000000206';

let t: TestApp;
let admin: string;
let member: string;
let staff: string;
const ids = { member1: '1300000000801', member2: '1300000000802', pupil1: '1300000000803' };

beforeAll(async () => {
  t = await createTestApp();
  const password = await hashPassword('Pupil@2026x');
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({
        id: PUPIL,
        tenantId: SEED_IDS.tenant,
        account: 'pupil',
        password,
        realName: '赵同学',
        accountType: AccountType.Member,
        orgId: FRONTEND_ORG,
        phone: '13800000099',
      })
      .execute();
    const record = (id: string, userId: string, name: string, orgId: string, extra: object) => ({
      id,
      tenantId: SEED_IDS.tenant,
      studentName: name,
      grade: '初二',
      subject: '数学',
      question: `question ${id}`,
      correctAnswer: '2',
      code: 'solve',
      knowledgePoint: '方程',
      createUserId: userId,
      createUserName: name,
      createOrgId: orgId,
      createOrgName: 'org',
      ...extra,
    });
    await trx
      .insertInto('stuQuestionBank')
      .values([
        record(ids.member1, SEED_IDS.member, '李同学', MEMBER_ORG, { studentAnswer: '2', isCorrect: true }),
        record(ids.member2, SEED_IDS.member, '李同学', MEMBER_ORG, {
          studentAnswer: '3',
          isCorrect: false,
          otherStem: 'data:image/png;base64,AAAA',
        }),
        record(ids.pupil1, PUPIL, '赵同学', FRONTEND_ORG, {}),
      ])
      .execute();
  });
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

const pageIds = async (token: string, body: object = {}) => {
  const res = await t.call('POST', '/api/stuQuestionBank/page', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result.items as { id: string }[]).map((r) => r.id).sort();
};

describe('stuQuestionBank', () => {
  it('shows each caller the records of their data scope', async () => {
    expect(await pageIds(member)).toEqual([ids.member1, ids.member2]);
    expect(await pageIds(staff)).toEqual([ids.pupil1]);
    expect(await pageIds(admin)).toEqual([ids.member1, ids.member2, ids.pupil1]);
    expect(await pageIds(admin, { isCorrect: 'false' })).toEqual([ids.member2]);
    expect(await pageIds(admin, { isCorrect: 'null' })).toEqual([ids.pupil1]);
    expect(await pageIds(admin, { studentName: '赵' })).toEqual([ids.pupil1]);

    expect((await t.call('GET', `/api/stuQuestionBank/detail?id=${ids.pupil1}`, member)).statusCode).toBe(
      404,
    );
    const detail = await t.call('GET', `/api/stuQuestionBank/detail?id=${ids.member2}`, member);
    expect(detail.json().result).toMatchObject({
      studentName: '李同学',
      grade: '初二',
      subject: '数学',
      studentAnswer: '3',
      correctAnswer: '2',
      isCorrect: false,
      otherStem: 'data:image/png;base64,AAAA',
      code: 'solve',
    });
    // Lists leave a photographed question's image out (it can be megabytes).
    const page = await t.call('POST', '/api/stuQuestionBank/page', member, {});
    expect(page.json().result.items.find((r: { id: string }) => r.id === ids.member2).otherStem).toBeNull();

    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    expect(await pageIds(otherAdmin)).toEqual([]);
    expect(
      (await t.call('GET', `/api/stuQuestionBank/detail?id=${ids.member1}`, otherAdmin)).statusCode,
    ).toBe(404);
  });

  it('exports the visible records and deletes within the scope only', async () => {
    const res = await t.call(
      'POST',
      '/api/stuQuestionBank/export',
      member,
      {
        format: 'csv',
        columns: [
          { key: 'studentName', title: 'Student' },
          { key: 'question', title: 'Question' },
          { key: 'isCorrect', title: 'Correct' },
        ],
        field: 'question',
        order: 'ascending',
      },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Student,Question,Correct');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      `question ${ids.member1}`,
      `question ${ids.member2}`,
    ]);

    expect((await t.call('POST', '/api/stuQuestionBank/delete', member, { id: ids.pupil1 })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('POST', '/api/stuQuestionBank/delete', member, { id: ids.member2 })).statusCode,
    ).toBe(200);
    expect(await pageIds(member)).toEqual([ids.member1]);
  });
});

const STAFF_ROLE = '1300000000402';

describe('stuInfo', () => {
  it('lists the students of the scope with their counts and accuracy', async () => {
    // Every role starts with student information; its data scope decides whom it lists (a member: itself).
    const own = await t.call('POST', '/api/stuInfo/page', member, {});
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().result.items as { account: string }[]).map((s) => s.account)).toEqual(['member']);
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const menus = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where((eb) => eb.or([eb('permission', 'like', 'stuInfo:%'), eb('path', '=', '/lintelAI/stuInfo')]))
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(menus.map((m) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: m.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    staff = (await t.login('staff')).accessToken;
    const page = async (token: string) => {
      const res = await t.call('POST', '/api/stuInfo/page', token, { field: 'account', order: 'ascending' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.items as {
        account: string;
        total: number;
        checked: number;
        accuracy: number | null;
      }[];
    };
    expect((await page(staff)).map((s) => [s.account, s.total, s.accuracy])).toEqual([['pupil', 1, null]]);
    const all = await page(admin);
    expect(all.map((s) => s.account)).toEqual(['member', 'pupil']);

    const detail = await t.call('GET', `/api/stuInfo/detail?id=${PUPIL}`, staff);
    expect(detail.json().result).toMatchObject({
      student: { account: 'pupil', realName: '赵同学', total: 1 },
      subjects: [{ subject: '数学', total: 1, checked: 0, correct: 0 }],
      recent: [{ id: ids.pupil1 }],
    });
    const memberId = '1300000000113';
    expect((await t.call('GET', `/api/stuInfo/detail?id=${memberId}`, staff)).statusCode).toBe(404);

    const file = await t.call('POST', '/api/stuInfo/export', admin, {
      format: 'csv',
      columns: [
        { key: 'account', title: 'Account' },
        { key: 'total', title: 'Total' },
      ],
      field: 'account',
      order: 'ascending',
    });
    expect(csvLines(file.body)).toEqual(['Account,Total', 'member,1', 'pupil,1']);
  });
});
