import type { FlowGraph } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

/**
 * Issue 14, data approval: definitions are checked as a whole; requests move only by the hand of
 * the account the current node waits for (checked here for strangers, the submitter, another
 * tenant and two approvers at once); each step lands in the history and in inboxes.
 */
const en = { 'accept-language': 'en' };
const DEV_ORG = '1300000000203'; // 开发部, the staff account's organisation
const ROLE_DEPT = '1300000000403'; // sys_dept: nobody seeded holds it
const ROLE_DEPT_CHILD = '1300000000402';
const ACCOUNTS = { ap1: '1300000008801', ap2: '1300000008802', ap3: '1300000008803', lead: '1300000008804' };

let t: TestApp;
const tokens: Record<string, string> = {};

async function makeAccounts() {
  const password = await hashPassword(DEMO_PASSWORD);
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    for (const [account, id] of Object.entries(ACCOUNTS)) {
      await trx
        .insertInto('sysUser')
        .values({
          id,
          tenantId: SEED_IDS.tenant,
          account,
          password,
          realName: account,
          accountType: 777,
          orgId: DEV_ORG,
        })
        .execute();
      const roleId = account === 'ap2' || account === 'ap3' ? ROLE_DEPT : ROLE_DEPT_CHILD;
      await trx.insertInto('sysUserRole').values({ tenantId: SEED_IDS.tenant, userId: id, roleId }).execute();
    }
    await trx.updateTable('sysOrg').set({ directorId: ACCOUNTS.lead }).where('id', '=', DEV_ORG).execute();
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await makeAccounts();
  for (const account of ['admin', 'staff', 'member', ...Object.keys(ACCOUNTS)])
    tokens[account] = (await t.login(account)).accessToken;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, who: string, body?: unknown) =>
  t.call(method, url, tokens[who], body, en);
async function ok(method: 'GET' | 'POST', url: string, who: string, body?: unknown) {
  const res = await call(method, url, who, body);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().result;
}

const node = (id: string, type: string, approver?: { kind: string; ids: string[] }) => ({
  id,
  type,
  name: id,
  ...(approver ? { approver } : {}),
});
const edge = (source: string, target: string, rule?: object) => ({
  id: `${source}-${target}`,
  source,
  target,
  ...(rule ? { rule } : {}),
});
const chain = (...steps: { kind: string; ids: string[] }[]): FlowGraph =>
  ({
    nodes: [node('s', 'start'), ...steps.map((a, i) => node(`a${i}`, 'approver', a)), node('e', 'end')],
    edges: ['s', ...steps.map((_, i) => `a${i}`), 'e']
      .slice(1)
      .map((id, i, all) => edge(i === 0 ? 's' : all[i - 1]!, id)),
  }) as FlowGraph;
const BUILTIN = JSON.stringify({ kind: 'builtin' });
const addFlow = (name: string, graph: FlowGraph, formJson = BUILTIN) =>
  ok('POST', '/api/approvalFlow/add', 'admin', { name, formJson, flowJson: JSON.stringify(graph) });
const submit = (flowId: string, data: object, who = 'staff') =>
  ok('POST', '/api/approvalInstance/submit', who, { flowId, data });
const detail = (id: string, who = 'admin') => ok('GET', `/api/approvalInstance/detail?id=${id}`, who);
const todoIds = async (who: string) =>
  ((await ok('POST', '/api/approvalInstance/todo', who, {})).items as { id: string }[]).map((i) => i.id);
const inbox = async (who: string) =>
  (
    (await ok('POST', '/api/sysMessage/pageReceived', who, { pageSize: 50 })).items as { title: string }[]
  ).map((m) => m.title);

describe('flow definitions', () => {
  it('refuses graphs that break a rule, with a localized message naming the node', async () => {
    const bad: [FlowGraph, string][] = [
      [{ nodes: [node('e', 'end')], edges: [] } as FlowGraph, 'exactly one start'],
      [
        { ...chain({ kind: 'user', ids: [ACCOUNTS.ap1] }), edges: [edge('s', 'a0')] } as FlowGraph,
        'a0 must lead',
      ],
      [
        {
          nodes: [
            node('s', 'start'),
            node('a', 'approver', { kind: 'user', ids: [ACCOUNTS.ap1] }),
            node('b', 'approver', { kind: 'user', ids: [ACCOUNTS.ap1] }),
            node('e', 'end'),
          ],
          edges: [edge('s', 'a'), edge('a', 'b'), edge('b', 'a')],
        } as FlowGraph,
        'circle',
      ],
      [chain({ kind: 'user', ids: [] }), 'Choose who approves at the node a0'],
      [chain({ kind: 'user', ids: ['1300000000999'] }), 'a0 names an account'],
      [chain({ kind: 'role', ids: ['1300000000999'] }), 'a0 names a role'],
      [chain({ kind: 'orgLeader', ids: ['1300000000202'] }), 'no director'],
    ];
    for (const [graph, message] of bad) {
      const res = await call('POST', '/api/approvalFlow/add', 'admin', {
        name: 'x',
        formJson: BUILTIN,
        flowJson: JSON.stringify(graph),
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const notJson = await call('POST', '/api/approvalFlow/add', 'admin', {
      name: 'x',
      formJson: '{',
      flowJson: '{}',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await ok('POST', '/api/approvalFlow/page', 'admin', {})).total).toBe(0);
  });

  it('adds with an automatic code, answers by id and by code, and refuses a taken code', async () => {
    const id = await addFlow('Leave', chain({ kind: 'user', ids: [ACCOUNTS.ap1] }));
    const row = await ok('GET', `/api/approvalFlow/detail?id=${id}`, 'admin');
    expect(row.code).toMatch(/^\d{8}$/);
    expect(await ok('GET', `/api/approvalFlow/info?code=${row.code}`, 'admin')).toEqual(row);
    const taken = await call('POST', '/api/approvalFlow/add', 'admin', {
      name: 'y',
      code: row.code,
      formJson: BUILTIN,
      flowJson: row.flowJson,
    });
    expect(taken.statusCode).toBe(409);
    // Ordinary accounts file requests; they do not design flows.
    expect((await call('POST', '/api/approvalFlow/page', 'staff', {})).statusCode).toBe(403);
    await ok('POST', '/api/approvalFlow/delete', 'admin', { id });
  });
});

describe('requests', () => {
  let twoStep: string;
  beforeAll(async () => {
    twoStep = await addFlow(
      'Purchase',
      chain({ kind: 'user', ids: [ACCOUNTS.ap1] }, { kind: 'orgLeader', ids: [] }),
    );
  });

  it('goes submit → first approver → organisation leader → approved, with history and inbox messages', async () => {
    const flows = await ok('GET', '/api/approvalInstance/flows', 'staff');
    expect(flows.map((f: { id: string }) => f.id)).toContain(twoStep);
    const bad = await call('POST', '/api/approvalInstance/submit', 'staff', {
      flowId: twoStep,
      data: { amount: 5 },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'These fields are not filled in correctly: title.',
    ]);

    const id = await submit(twoStep, { title: 'Laptop', amount: 800 });
    expect(await todoIds('ap1')).toEqual([id]);
    expect(await todoIds('lead')).toEqual([]);
    expect(await inbox('ap1')).toContain('To approve: Purchase');
    // Neither a stranger, the submitter nor the next approver acts before their turn.
    for (const who of ['member', 'staff', 'lead']) {
      const res = await call('POST', '/api/approvalInstance/approve', who, { id });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await call('GET', `/api/approvalInstance/detail?id=${id}`, 'member')).statusCode).toBe(404);

    await ok('POST', '/api/approvalInstance/approve', 'ap1', { id, comment: 'fine' });
    expect(await todoIds('ap1')).toEqual([]);
    expect(await todoIds('lead')).toEqual([id]);
    await ok('POST', '/api/approvalInstance/approve', 'lead', { id });
    const done = await detail(id, 'staff');
    expect(done).toMatchObject({
      status: 'approved',
      currentNodeName: null,
      can: { approve: false, withdraw: false },
    });
    expect(
      done.history.map((h: { action: string; actorName: string }) => `${h.action}:${h.actorName}`),
    ).toEqual(['submit:张工', 'approve:ap1', 'approve:lead']);
    expect(done.history[1].comment).toBe('fine');
    expect(await inbox('staff')).toContain('Approved: Purchase');
    expect((await ok('POST', '/api/approvalInstance/mine', 'staff', {})).items[0]).toMatchObject({
      id,
      status: 'approved',
    });
  });

  it('ends on reject, and goes back to the submitter on return, who edits and resubmits', async () => {
    const rejected = await submit(twoStep, { title: 'Car' });
    await ok('POST', '/api/approvalInstance/reject', 'ap1', { id: rejected, comment: 'no' });
    expect((await detail(rejected)).status).toBe('rejected');
    expect(await inbox('staff')).toContain('Rejected: Purchase');
    expect((await call('POST', '/api/approvalInstance/approve', 'ap1', { id: rejected })).statusCode).toBe(
      409,
    );

    const returned = await submit(twoStep, { title: 'Desk' });
    await ok('POST', '/api/approvalInstance/return', 'ap1', { id: returned, comment: 'add the amount' });
    expect(await detail(returned, 'staff')).toMatchObject({
      status: 'returned',
      can: { resubmit: true, withdraw: true },
    });
    expect(await todoIds('ap1')).not.toContain(returned);
    expect(
      (await call('POST', '/api/approvalInstance/resubmit', 'member', { id: returned, data: { title: 'x' } }))
        .statusCode,
    ).toBe(403);
    await ok('POST', '/api/approvalInstance/resubmit', 'staff', {
      id: returned,
      data: { title: 'Desk', amount: 300 },
    });
    const again = await detail(returned, 'staff');
    expect(again).toMatchObject({
      status: 'pending',
      currentNodeName: 'a0',
      data: { title: 'Desk', amount: 300 },
    });
    expect(await todoIds('ap1')).toContain(returned);
  });

  it('lets the submitter alone withdraw an undecided request', async () => {
    const id = await submit(twoStep, { title: 'Chair' });
    expect((await call('POST', '/api/approvalInstance/withdraw', 'ap1', { id })).statusCode).toBe(403);
    await ok('POST', '/api/approvalInstance/withdraw', 'staff', { id });
    expect((await detail(id)).status).toBe('withdrawn');
    expect(await todoIds('ap1')).not.toContain(id);
    expect((await call('POST', '/api/approvalInstance/withdraw', 'staff', { id })).statusCode).toBe(409);
    // A definition with requests in progress stays until they close.
    const open = await call('POST', '/api/approvalFlow/delete', 'admin', { id: twoStep });
    expect(open.statusCode).toBe(400);
  });

  it('follows a condition branch on the submitted data, to a role any holder approves', async () => {
    const flowId = await addFlow('Expense', {
      nodes: [
        node('s', 'start'),
        node('c', 'condition'),
        node('big', 'approver', { kind: 'role', ids: [ROLE_DEPT] }),
        node('small', 'approver', { kind: 'user', ids: [ACCOUNTS.ap1] }),
        node('e', 'end'),
      ],
      edges: [
        edge('s', 'c'),
        edge('c', 'big', { field: 'amount', op: '>', value: 1000 }),
        edge('c', 'small'),
        edge('big', 'e'),
        edge('small', 'e'),
      ],
    } as FlowGraph);
    const small = await submit(flowId, { title: 'Pens', amount: 20 });
    const big = await submit(flowId, { title: 'Server', amount: 5000 });
    expect((await detail(small)).currentNodeName).toBe('small');
    expect((await detail(big)).currentNodeName).toBe('big');
    expect(await todoIds('ap2')).toEqual([big]);
    expect(await todoIds('ap3')).toEqual([big]);
    await ok('POST', '/api/approvalInstance/approve', 'ap3', { id: big });
    expect(await todoIds('ap2')).toEqual([]);
    expect((await detail(big)).status).toBe('approved');

    // Two holders of the role at once: exactly one wins, the other hears it is decided already.
    const raced = await submit(flowId, { title: 'Rack', amount: 9000 });
    const results = await Promise.all(
      ['ap2', 'ap3'].map((who) => call('POST', '/api/approvalInstance/approve', who, { id: raced })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'This request has already been decided or withdrawn.',
    );
    const history = (await detail(raced)).history as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['submit', 'approve']);
  });

  it('validates a designer form’s answers with the form’s schema and keeps them as its submission', async () => {
    const schema = {
      type: 'object',
      properties: { days: { type: 'integer', title: 'Days', minimum: 1 } },
      required: ['days'],
      additionalProperties: false,
    };
    const formId = await ok('POST', '/api/sysForm/add', 'admin', {
      name: 'Leave form',
      code: 'leave',
      schema,
    });
    const unpublished = await call('POST', '/api/approvalFlow/add', 'admin', {
      name: 'Leave',
      formJson: JSON.stringify({ kind: 'form', formId }),
      flowJson: JSON.stringify(chain({ kind: 'user', ids: [ACCOUNTS.ap1] })),
    });
    expect(unpublished.statusCode).toBe(400);
    await ok('POST', '/api/sysForm/publish', 'admin', { id: formId });
    const flowId = await addFlow(
      'Leave',
      chain({ kind: 'user', ids: [ACCOUNTS.ap1] }),
      JSON.stringify({ kind: 'form', formId }),
    );
    const startable = (await ok('GET', '/api/approvalInstance/flows', 'staff')).find(
      (f: { id: string }) => f.id === flowId,
    );
    expect(startable.form).toMatchObject({
      kind: 'form',
      formId,
      version: 1,
      schema: { required: ['days'] },
    });
    const bad = await call('POST', '/api/approvalInstance/submit', 'staff', { flowId, data: { days: 0 } });
    expect(bad.statusCode).toBe(400);
    const id = await submit(flowId, { days: 3 });
    expect((await detail(id, 'ap1')).form).toMatchObject({ kind: 'form', version: 1 });
    const kept = await ok('POST', '/api/sysFormData/page', 'admin', { formId });
    expect(kept.items.map((d: { data: object }) => d.data)).toEqual([{ days: 3 }]);
  });

  it('keeps tenants apart: another tenant’s administrator neither sees nor decides a request', async () => {
    const id = await submit(twoStep, { title: 'Phone' });
    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const theirs = (await t.login('admin', other.password, other.tenantId)).accessToken;
    for (const action of ['approve', 'reject', 'return', 'withdraw'])
      expect(
        (await t.call('POST', `/api/approvalInstance/${action}`, theirs, { id })).statusCode,
        action,
      ).toBe(404);
    expect((await t.call('GET', `/api/approvalInstance/detail?id=${id}`, theirs)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/approvalFlow/page', theirs, {})).json().result.total).toBe(0);
    expect((await detail(id)).status).toBe('pending');
  });
});
