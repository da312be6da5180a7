import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { configureTestProvider, type TestProvider } from '../../../test/fakes/ai-provider-fixture.js';
import {
  nodeFinished,
  nodeStarted,
  startDifyUpstream,
  stream,
  textChunk,
  workflowFinished,
  workflowStarted,
  type DifyUpstream,
} from '../../../test/fakes/dify-upstream.js';
import { chat, content, finish, hang, reasoning, usage } from '../../../test/fakes/openai-upstream.js';
import { createOtherTenant } from '../../../test/tenants.js';

/**
 * The study workflows against local fake upstreams (real HTTP and SSE): the tenant's chat model when
 * no Dify workflow serves a kind, the Dify workflow when one does; the result of a Dify run the
 * browser left is stored and fetched later.
 */
type SseEvent = { event: string; data: Record<string, unknown> };
const events = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(frame)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
const text = (list: SseEvent[], name = 'content') =>
  list
    .filter((e) => e.event === name)
    .map((e) => e.data.text)
    .join('');
const last = (list: SseEvent[]) => list[list.length - 1]!;

let t: TestApp;
let ai: TestProvider;
let dify: DifyUpstream;
let member: string;
let staff: string;
let admin: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  ai = await configureTestProvider(t);
  dify = await startDifyUpstream();
  member = (await t.login('member')).accessToken;
  staff = (await t.login('staff')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => {
  await ai?.close();
  await dify?.close();
  await t?.close();
});

let origin: URL | undefined;
/** A browser that posts, reads the first chunk of the stream and goes away (the connection closes). */
async function leaveAfterFirstEvent(path: string, token: string, body: object): Promise<string> {
  origin ??= new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  const where = origin;
  return new Promise<string>((resolve, reject) => {
    const request = http.request(
      {
        host: where.hostname,
        port: where.port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (response) => {
        response.once('data', (chunk: Buffer) => {
          resolve(chunk.toString('utf8'));
          request.destroy();
        });
      },
    );
    request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
    request.end(JSON.stringify(body));
  });
}

async function settled(runId: string, token: string) {
  let result: { status: string; recordId: string | null; content: string; error: string | null } | undefined;
  for (let i = 0; i < 50; i++) {
    result = (await t.call('GET', `/api/stuWorkFlow/result?id=${runId}`, token)).json().result;
    if (result!.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return result!;
}

const record = (id: string) =>
  t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx.selectFrom('stuQuestionBank').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

describe('stuWorkFlow on the chat model', () => {
  let recordId: string;

  it('solves step by step, stores the attempt with the final answer and knowledge point', async () => {
    ai.upstream.reply(
      chat([
        reasoning('先移项'),
        reasoning('，再化简。'),
        content('移项得 $2x = 4$，'),
        content('所以 $x = 2$。\n【答案】x = 2\n'),
        content('【知识点】一元一次方程'),
        finish(),
        usage(30, 20),
      ]),
    );
    const res = await t.call('POST', '/api/stuWorkFlow/solve', member, {
      question: '解方程 2x + 1 = 5',
      grade: '初一',
      subject: '数学',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const list = events(res.body);
    expect(list[0]).toMatchObject({ event: 'meta', data: { engine: 'model', model: 'Fake Chat' } });
    expect(text(list, 'reasoning')).toBe('先移项，再化简。');
    expect(text(list)).toContain('【答案】x = 2');
    expect(list.find((e) => e.event === 'usage')?.data).toEqual({ promptTokens: 30, completionTokens: 20 });
    const done = last(list);
    expect(done).toMatchObject({
      event: 'done',
      data: { finishReason: 'stop', correctAnswer: 'x = 2', knowledgePoint: '一元一次方程' },
    });
    recordId = done.data.recordId as string;
    expect(await record(recordId)).toMatchObject({
      studentName: '李同学',
      grade: '初一',
      subject: '数学',
      question: '解方程 2x + 1 = 5',
      correctAnswer: 'x = 2',
      knowledgePoint: '一元一次方程',
      isCorrect: null,
      code: 'solve',
      createUserId: SEED_IDS.member,
      createOrgId: '1300000000206',
    });
    // The prompt template was rendered with the grade and subject, the question went as the user's.
    const sent = ai.upstream.chats().at(-1)!.body as {
      model: string;
      messages: { role: string; content: unknown }[];
    };
    expect(sent.model).toBe('fake-chat');
    expect(sent.messages[0]!.content).toContain('初一数学老师');
    expect(JSON.stringify(sent.messages[1]!.content)).toContain('解方程 2x + 1 = 5');

    const run = await t.call('GET', `/api/stuWorkFlow/result?id=${list[0]!.data.runId as string}`, member);
    expect(run.json().result).toMatchObject({ status: 'succeeded', recordId, kind: 'solve' });
    expect(run.json().result.content).toContain('【知识点】一元一次方程');
    // Another account does not see the run.
    expect(
      (await t.call('GET', `/api/stuWorkFlow/result?id=${list[0]!.data.runId as string}`, staff)).statusCode,
    ).toBe(404);
  });

  it('checks the student’s answer: the model’s verdict, and a same answer is right', async () => {
    ai.upstream.reply(chat([content('代入检验：2×3+1=7≠5。\n【判定】错误'), finish()]));
    const wrong = await t.call('POST', '/api/stuWorkFlow/check', member, {
      id: recordId,
      studentAnswer: '3',
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(last(events(wrong.body))).toMatchObject({ event: 'done', data: { isCorrect: false, recordId } });
    expect(await record(recordId)).toMatchObject({ studentAnswer: '3', isCorrect: false });
    const prompt = JSON.stringify(ai.upstream.chats().at(-1)!.body);
    expect(prompt).toContain('学生答案：3');
    expect(prompt).toContain('参考答案：x = 2');

    ai.upstream.reply(chat([content('【判定】错误'), finish()]));
    const same = await t.call('POST', '/api/stuWorkFlow/check', member, {
      id: recordId,
      studentAnswer: 'x=2',
    });
    expect(last(events(same.body)).data.isCorrect).toBe(true);
    expect(await record(recordId)).toMatchObject({ studentAnswer: 'x=2', isCorrect: true });

    // Only the student who asked may answer.
    expect(
      (await t.call('POST', '/api/stuWorkFlow/check', staff, { id: recordId, studentAnswer: '1' }))
        .statusCode,
    ).toBe(404);
  });

  it('sends a photographed question to a vision model only, and refuses clearly otherwise', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const refused = await t.call(
      'POST',
      '/api/stuWorkFlow/solve',
      member,
      { image, grade: '初一', subject: '数学' },
      en,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The model Fake Chat cannot read images. Type the question as text, or ask an administrator to enable a vision model.',
    );
    ai.upstream.reply(chat([content('【答案】7\n【知识点】加法'), finish()]));
    const res = await t.call(
      'POST',
      '/api/stuWorkFlow/solve',
      member,
      { image, grade: '初一', subject: '数学', modelId: ai.models.vision },
      en,
    );
    expect(last(events(res.body))).toMatchObject({ event: 'done', data: { correctAnswer: '7' } });
    const sent = JSON.stringify(ai.upstream.chats().at(-1)!.body);
    expect(sent).toContain('"model":"fake-vision"');
    expect(sent).toContain(image);
    const stored = await record(last(events(res.body)).data.recordId as string);
    expect(stored).toMatchObject({ question: '(photographed question)', otherStem: image });
  });

  it('ends with a localized error event when the model fails mid-stream, and stores the failure', async () => {
    ai.upstream.reply(
      chat([content('第一步'), { data: { error: { message: 'boom', type: 'server_error' } } }]),
    );
    const res = await t.call(
      'POST',
      '/api/stuWorkFlow/solve',
      member,
      { question: '1+1', grade: '一年级', subject: '数学' },
      en,
    );
    const list = events(res.body);
    expect(last(list)).toMatchObject({ event: 'error', data: { code: 'upstream' } });
    expect(last(list).data.message).toMatch(/^The AI provider failed to answer\. \(.*boom/);
    const run = await t.call('GET', `/api/stuWorkFlow/result?id=${list[0]!.data.runId as string}`, member);
    expect(run.json().result).toMatchObject({ status: 'failed', recordId: null, content: '第一步' });
  });

  it('aborts the model’s request when the browser leaves, and marks the run failed', async () => {
    ai.upstream.reply(chat([content('第一步…'), hang()]));
    const first = await leaveAfterFirstEvent('/api/stuWorkFlow/solve', member, {
      question: '1+2',
      grade: '一年级',
      subject: '数学',
    });
    const runId = events(first)[0]!.data.runId as string;
    const result = await settled(runId, member);
    expect(result).toMatchObject({ status: 'failed', recordId: null });
    expect(result.error).toMatch(/^aborted/);
    await expect.poll(() => ai.upstream.aborted().length).toBe(1);
  });

  it('refuses an empty question and a tenant without a model', async () => {
    const empty = await t.call(
      'POST',
      '/api/stuWorkFlow/solve',
      member,
      { question: ' ', grade: 'g', subject: 's' },
      en,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Type the question or add a photo of it.');
    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const none = await t.call('POST', '/api/stuWorkFlow/solve', otherAdmin, {
      question: '1+1',
      grade: 'g',
      subject: 's',
    });
    expect(none.statusCode).toBe(409);
    // Nothing of the default tenant is visible there.
    const bank = await t.call('POST', '/api/stuQuestionBank/page', otherAdmin, {});
    expect(bank.json().result.total).toBe(0);
  });
});

describe('stuWorkFlow on a Dify workflow', () => {
  let configId: string;

  beforeAll(async () => {
    const added = await t.call('POST', '/api/aiWorkFlowConfig/add', admin, {
      grade: '初二',
      subject: '物理',
      orderType: 'solve',
      baseUrl: dify.baseUrl,
      workFlowId: 'wf-physics',
      name: 'physics',
      code: dify.apiKey,
    });
    expect(added.statusCode, added.body).toBe(200);
    configId = added.json().result;
  });

  it('runs the workflow configured for the grade and subject, with the question in its inputs', async () => {
    dify.reply(
      stream([
        workflowStarted(),
        nodeStarted('llm', '解题'),
        textChunk('由 v = s / t 得 '),
        textChunk('v = 5 m/s。'),
        nodeFinished('llm', '解题'),
        workflowFinished(
          { text: '由 v = s / t 得 v = 5 m/s。', answer: '5 m/s', knowledgePoint: '速度' },
          42,
        ),
      ]),
    );
    const res = await t.call('POST', '/api/stuWorkFlow/solve', member, {
      question: '10 m in 2 s: speed?',
      grade: '初二',
      subject: '物理',
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = events(res.body);
    expect(list[0]).toMatchObject({ event: 'meta', data: { engine: 'dify' } });
    expect(list.filter((e) => e.event === 'progress').map((e) => e.data)).toEqual([
      { node: 'llm', title: '解题', status: 'started' },
      { node: 'llm', title: '解题', status: 'finished' },
    ]);
    expect(text(list)).toBe('由 v = s / t 得 v = 5 m/s。');
    expect(last(list)).toMatchObject({
      event: 'done',
      data: { correctAnswer: '5 m/s', knowledgePoint: '速度' },
    });
    // The run's tokens count against its workflow configuration: in the usage list and the budgets.
    const usage = await t.call('POST', '/api/aiProvider/usage', admin, { modelRowId: configId });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().result.items).toEqual([
      expect.objectContaining({
        userId: SEED_IDS.member,
        modelName: 'physics',
        requests: 1,
        completionTokens: 42,
      }),
    ]);
    const run = dify.runs().at(-1)!;
    expect(run.path).toBe('/v1/workflows/wf-physics/run');
    expect(run.body).toMatchObject({
      inputs: { mode: 'solve', grade: '初二', subject: '物理', question: '10 m in 2 s: speed?' },
      user: `${SEED_IDS.tenant}:${SEED_IDS.member}`,
    });
    // Another grade falls back to the chat model.
    ai.upstream.reply(chat([content('【答案】1'), finish()]));
    const other = await t.call('POST', '/api/stuWorkFlow/solve', member, {
      question: 'q',
      grade: '初三',
      subject: '物理',
    });
    expect(events(other.body)[0]!.data.engine).toBe('model');
  });

  it('goes on when the browser leaves, and the stored result is fetched later', async () => {
    dify.reply(
      stream([
        workflowStarted(),
        textChunk('slow '),
        { wait: 600 },
        textChunk('answer'),
        workflowFinished({ text: 'slow answer', answer: '42' }),
      ]),
    );
    const first = await leaveAfterFirstEvent('/api/stuWorkFlow/solve', member, {
      question: 'the answer?',
      grade: '初二',
      subject: '物理',
    });
    const runId = events(first)[0]!.data.runId as string;

    const result = await settled(runId, member);
    expect(result).toMatchObject({ status: 'succeeded', content: 'slow answer' });
    expect(await record(result.recordId!)).toMatchObject({ correctAnswer: '42', question: 'the answer?' });
    expect(dify.aborted()).toEqual([]);
  });

  afterAll(async () => {
    await t.call('POST', '/api/aiWorkFlowConfig/delete', admin, { id: configId });
  });
});

describe('stuWorkFlowReport', () => {
  it('counts the caller’s records and streams an analysis of them', async () => {
    const stats = await t.call('POST', '/api/stuWorkFlowReport/stats', member, { subject: '数学' });
    expect(stats.statusCode, stats.body).toBe(200);
    const result = stats.json().result;
    expect(result).toMatchObject({ checked: 1, correct: 1, accuracy: 1 });
    expect(result.byKnowledgePoint.map((p: { knowledgePoint: string }) => p.knowledgePoint)).toContain(
      '一元一次方程',
    );
    expect(result.trend).toHaveLength(1);

    // Staff sees no records of the member (outside 开发部), so the member's figures stay hidden.
    const foreign = await t.call('POST', '/api/stuWorkFlowReport/stats', staff, { userId: SEED_IDS.member });
    expect(foreign.json().result.total).toBe(0);

    ai.upstream.reply(chat([content('## 总体表现\n'), content('正确率 100%。'), finish()]));
    const res = await t.call('POST', '/api/stuWorkFlowReport/analyse', member, { subject: '数学' });
    expect(res.statusCode, res.body).toBe(200);
    const list = events(res.body);
    expect(text(list)).toBe('## 总体表现\n正确率 100%。');
    expect(last(list).event).toBe('done');
    const prompt = JSON.stringify(ai.upstream.chats().at(-1)!.body);
    expect(prompt).toContain('李同学');
    expect(prompt).toContain('一元一次方程');
  });
});

describe('stuWorkFlowPaper', () => {
  it('generates similar questions (one retry for bad JSON), hides the answers until submitted, grades and records them', async () => {
    const bank = await t.call('POST', '/api/stuQuestionBank/page', member, {
      subject: '数学',
      knowledgePoint: '一元一次方程',
    });
    const recordId = bank.json().result.items[0].id as string;
    const questions = [
      { question: '解方程 3x = 9', answer: 'x = 3', knowledgePoint: '一元一次方程' },
      { question: '解方程 x + 4 = 6', answer: '2', knowledgePoint: '一元一次方程' },
      { question: '解方程 5x - 5 = 0', answer: 'x=1', knowledgePoint: '一元一次方程' },
    ];
    ai.upstream.reply(
      chat([content('Here are the questions: [{"question": "3x = 9"'), finish()]),
      chat([content('```json\n' + JSON.stringify(questions) + '\n```'), finish()]),
    );
    const res = await t.call('POST', '/api/stuWorkFlowPaper/generate', member, { recordId, count: 3 }, en);
    expect(res.statusCode, res.body).toBe(200);
    const list = events(res.body);
    expect(list.filter((e) => e.event === 'progress').map((e) => `${e.data.node} ${e.data.status}`)).toEqual([
      'attempt-1 started',
      'attempt-1 finished',
      'attempt-2 started',
      'attempt-2 finished',
    ]);
    expect(list.find((e) => e.event === 'progress')!.data.title).toBe('Writing the questions (attempt 1)');
    const paperId = last(list).data.paperId as string;
    expect(paperId).toBeTruthy();
    expect(JSON.stringify(ai.upstream.chats().at(-1)!.body)).toContain('Your answer could not be used');

    const detail = (await t.call('GET', `/api/stuWorkFlowPaper/detail?id=${paperId}`, member)).json().result;
    expect(detail).toMatchObject({
      status: 'open',
      questionCount: 3,
      knowledgePoint: '一元一次方程',
      sourceRecordId: recordId,
    });
    expect(detail.questions.map((q: { correctAnswer: string | null }) => q.correctAnswer)).toEqual([
      null,
      null,
      null,
    ]);
    expect((await t.call('GET', `/api/stuWorkFlowPaper/detail?id=${paperId}`, staff)).statusCode).toBe(404);

    const short = await t.call(
      'POST',
      '/api/stuWorkFlowPaper/submit',
      member,
      { id: paperId, answers: ['3'] },
      en,
    );
    expect(short.json().message).toBe('Answer all 3 questions (an empty answer counts as wrong).');
    const submitted = await t.call('POST', '/api/stuWorkFlowPaper/submit', member, {
      id: paperId,
      answers: ['x=3', '3', ''],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().result).toMatchObject({ status: 'submitted', correctCount: 1 });
    expect(submitted.json().result.questions.map((q: { isCorrect: boolean }) => q.isCorrect)).toEqual([
      true,
      false,
      false,
    ]);
    expect(
      (
        await t.call('POST', '/api/stuWorkFlowPaper/submit', member, {
          id: paperId,
          answers: ['1', '2', '3'],
        })
      ).statusCode,
    ).toBe(400);
    const recorded = await t.call('POST', '/api/stuQuestionBank/page', member, { question: '解方程 x + 4' });
    expect(recorded.json().result.items).toEqual([
      expect.objectContaining({
        code: 'paper',
        paperId,
        studentAnswer: '3',
        correctAnswer: '2',
        isCorrect: false,
      }),
    ]);
    const papers = (await t.call('GET', '/api/stuWorkFlowPaper/list', member)).json().result;
    expect(papers[0]).toMatchObject({ id: paperId, status: 'submitted', correctCount: 1 });
  });

  it('says clearly when the model never returns usable questions', async () => {
    ai.upstream.reply(chat([content('sorry'), finish()]), chat([content('still no JSON'), finish()]));
    const res = await t.call(
      'POST',
      '/api/stuWorkFlowPaper/generate',
      member,
      { knowledgePoint: '方程', subject: '数学', count: 3 },
      en,
    );
    expect(last(events(res.body))).toMatchObject({
      event: 'error',
      data: {
        code: 'upstream',
        message:
          'The model did not return usable questions (no JSON array found). Please try again, or try fewer questions.',
      },
    });
    const none = await t.call('POST', '/api/stuWorkFlowPaper/generate', member, { count: 3 }, en);
    expect(none.statusCode).toBe(400);
  });
});
