import { AccountType } from '@lintel/contracts';
import smCrypto from 'sm-crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chat,
  content,
  finish,
  reasoning,
  startOpenAiUpstream,
  wait,
  type OpenAiUpstream,
} from './ai-upstream.js';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, DEMO_PASSWORD, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const TENANT_ID = '1300000000001';
const ROOT_ORG = '1300000000201';
/** The seeded "personal data only" role: what a student holds (it starts with the study pages). */
const SELF_ROLE = '1300000000404';
const STUDENT = `pupil${Date.now() % 100_000}`;

/** The fake model as a tutor: it reads which prompt template it was sent and answers in kind. */
function tutor(upstream: OpenAiUpstream) {
  upstream.reply((request) => {
    const text = JSON.stringify((request.body as { messages: unknown }).messages);
    if (text.includes('学习顾问'))
      return chat([
        content('## Overall\n\nOne question solved, '),
        content('answered wrongly: practise linear equations.'),
        finish(),
      ]);
    if (text.includes('JSON 数组'))
      return chat([
        content(
          JSON.stringify([
            { question: 'Solve $3x = 9$', answer: 'x = 3', knowledgePoint: 'Linear equations' },
            { question: 'Solve $x + 4 = 6$', answer: '2', knowledgePoint: 'Linear equations' },
            { question: 'Solve $5x - 5 = 0$', answer: 'x = 1', knowledgePoint: 'Linear equations' },
          ]),
        ),
        finish(),
      ]);
    if (text.includes('参考答案'))
      return chat([content('Substituting 3: $2 \\cdot 3 + 1 = 7 \\neq 5$.\n\n【判定】错误'), finish()]);
    return chat([
      reasoning('Move the 1 across, then halve. '),
      wait(600),
      content(
        'Subtract 1 from both sides: \\( 2x = 4 \\).\n\nDivide by 2:\n\n\\[ x = \\frac{4}{2} = 2 \\]\n\n',
      ),
      content('【答案】x = 2\n【知识点】Linear equations'),
      finish(),
    ]);
  });
}

describe('AI study assistant', () => {
  let browser: Browser;
  let admin: Page;
  let student: Page;
  let upstream: OpenAiUpstream;
  const question = `Solve 2x + 1 = 5 (${Date.now()})`;

  beforeAll(async () => {
    upstream = await startOpenAiUpstream();
    tutor(upstream);
    browser = await launchBrowser();
    admin = await signedInPage(browser, 'admin');
    // The provider the test's local OpenAI-compatible server plays; its model becomes the default.
    await api('/api/aiProvider/add', await tokenOf(admin), {
      kind: 'openai',
      name: 'Local study model',
      baseUrl: upstream.baseUrl,
      apiKey: upstream.apiKey,
      enabled: true,
      models: [
        {
          modelId: 'fake-chat',
          name: 'Study Tutor',
          reasoning: false,
          vision: false,
          isDefault: true,
          enabled: true,
        },
      ],
    });
    // A student of its own: other suites change the demo member's password (personal centre).
    const { publicKey } = await api<{ publicKey: string }>(`/api/sysTenant/sysInfo/${TENANT_ID}`);
    await api('/api/sysUser/add', await tokenOf(admin), {
      account: STUDENT,
      realName: 'E2E Pupil',
      orgId: ROOT_ORG,
      accountType: AccountType.Member,
      roleIdList: [SELF_ROLE],
      password: smCrypto.sm2.doEncrypt(DEMO_PASSWORD, publicKey, 1),
    });
    student = await signedInPage(browser, STUDENT);
  });

  afterAll(async () => {
    // The suite's server is shared: the student goes (other suites count the role's holders).
    if (admin) {
      const token = await tokenOf(admin);
      const users = await api<{ items: { id: string; account: string }[] }>('/api/sysUser/page', token, {
        account: STUDENT,
      });
      for (const user of users.items.filter((u) => u.account === STUDENT))
        await api('/api/sysUser/delete', token, { id: user.id });
    }
    await browser?.close();
    await upstream?.close();
  });

  it('solves a question with streamed reasoning and math, and checks the student’s answer', async () => {
    await student.goto(`${baseUrl}/lintelAI/stuWorkFlow`);
    await student.getByRole('combobox', { name: 'Grade' }).fill('Grade 8');
    await student.getByRole('combobox', { name: 'Subject' }).fill('Mathematics');
    await student.getByPlaceholder('Type the question, or add a photo of it').fill(question);
    await student.getByRole('button', { name: 'Solve' }).click();
    await student.getByText('Move the 1 across').waitFor();
    await student.getByText('Saved to your question bank.').waitFor({ timeout: 15_000 });
    await student.locator('.katex-display').first().waitFor();
    expect(await student.getByText('Linear equations').count()).toBeGreaterThan(0);
    await screenshot(student, 'ai-study-solve');

    await student.getByRole('textbox', { name: 'My answer' }).fill('3');
    await student.getByRole('button', { name: 'Check' }).click();
    await student.getByText('Wrong', { exact: true }).waitFor();
    await screenshot(student, 'ai-study-check');
    await expectAccessible(student, 'problem solving with an answer and a verdict');
  });

  it('shows the attempt in the question bank and in the learning analysis', async () => {
    await student.goto(`${baseUrl}/lintelAI/stuQuestionBank`);
    const row = student.getByRole('row').filter({ hasText: question });
    await row.waitFor();
    expect(await row.textContent()).toContain('Wrong');
    await screenshot(student, 'ai-study-question-bank');
    await expectAccessible(student, 'question bank');

    await student.goto(`${baseUrl}/lintelAI/stuWorkFlowReport`);
    await student.getByText('Weekly trend').waitFor();
    await student.getByText('Weak points', { exact: true }).waitFor();
    await student.getByRole('button', { name: 'Generate analysis' }).click();
    await student.getByText('practise linear equations').waitFor();
    // The analysis is Markdown: its heading is rendered as one.
    await student.getByRole('heading', { name: 'Overall' }).waitFor();
    await screenshot(student, 'ai-study-report');
    await student.getByRole('heading', { name: 'Overall' }).scrollIntoViewIfNeeded();
    await screenshot(student, 'ai-study-report-analysis');
    await expectAccessible(student, 'learning analysis');
  });

  it('practises similar questions on the weak point and grades the paper', async () => {
    await student.goto(`${baseUrl}/lintelAI/stuWorkFlowPaper`);
    await student.getByRole('combobox', { name: 'Knowledge point' }).click();
    await student.locator('.ant-select-item-option').filter({ hasText: 'Linear equations' }).first().click();
    await student.getByRole('spinbutton').fill('3');
    await student.getByRole('button', { name: 'Generate' }).click();
    await student.getByRole('textbox', { name: 'Answer to question 1' }).waitFor({ timeout: 15_000 });
    await student.getByRole('textbox', { name: 'Answer to question 1' }).fill('x=3');
    await student.getByRole('textbox', { name: 'Answer to question 2' }).fill('3');
    await student.getByRole('textbox', { name: 'Answer to question 3' }).fill('1');
    await student.getByRole('button', { name: 'Submit' }).click();
    await student.getByText('Score: 2 / 3').waitFor();
    await screenshot(student, 'ai-study-paper');
    await expectAccessible(student, 'graded practice paper');
  });

  it('lets the administrator see the students and configure workflows and prompts', async () => {
    await admin.goto(`${baseUrl}/lintelAI/stuInfo`);
    await admin.getByRole('row').filter({ hasText: STUDENT }).first().waitFor();
    await screenshot(admin, 'ai-study-students');
    await admin.goto(`${baseUrl}/aiconfig/workFlowConfig`);
    await admin.getByRole('button', { name: 'Add workflow' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add workflow' });
    await dialog.getByLabel('Name').fill('Physics solver');
    await dialog.getByLabel('Base URL').fill('https://dify.example.test/v1');
    await dialog.getByLabel('API key').fill('app-secret-key');
    await dialog.getByRole('button', { name: /Save|OK/ }).click();
    await admin.getByRole('row').filter({ hasText: 'Physics solver' }).waitFor();
    // Once the form has gone (it closes with an animation), nothing on the page holds the key.
    await dialog.waitFor({ state: 'detached' });
    expect(await admin.content()).not.toContain('app-secret-key');
    await screenshot(admin, 'ai-study-workflows');
    await expectAccessible(admin, 'workflow configuration');
    await admin.getByRole('tab', { name: 'Prompt templates' }).click();
    await admin.getByRole('textbox', { name: 'Problem solving' }).waitFor();
    await screenshot(admin, 'ai-study-prompts');
    // The workflow serves every grade and subject: remove it so later solving in this server stays on the model.
    const token = await tokenOf(admin);
    const rows = await api<{ items: { id: string; name: string }[] }>(
      '/api/aiWorkFlowConfig/page',
      token,
      {},
    );
    for (const row of rows.items.filter((r) => r.name === 'Physics solver'))
      await api('/api/aiWorkFlowConfig/delete', token, { id: row.id });
  });
});
