import type { AiChatModel, PromptTemplateRow, QuestionBankRow } from '@lintel/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import QuestionBankPage from './question-bank-page';
import SolvePage from './solve-page';
import WorkflowConfigPage from './workflow-config-page';

const MODELS: AiChatModel[] = [
  { id: '21', name: 'Fake Chat', modelId: 'fake-chat', reasoning: false, vision: false, isDefault: true },
];
const STUDENT = [
  'aiChat:list',
  'stuWorkFlow:solve',
  'stuWorkFlow:check',
  'stuQuestionBank:page',
  'stuQuestionBank:detail',
];

/** A stream the test feeds event by event. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    respond: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    push(event: string, data: unknown) {
      act(() =>
        controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      );
    },
    close: () => act(() => controller.close()),
  };
}

let sent: { path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
});
afterEach(() => {
  setNotifier(null);
  vi.unstubAllGlobals();
});

describe('problem solving page', () => {
  it('says no model is configured and links to the provider settings for an administrator', async () => {
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: [...STUDENT, 'aiProvider:page'] })),
      'GET /api/aiChat/models': () => json([]),
    });
    await renderPage(<SolvePage />);
    expect(await screen.findByText('No AI model is configured')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the model provider settings' }).getAttribute('href')).toBe(
      '/aiconfig/provider',
    );
  });

  it('streams the solution, then checks the student’s own answer', async () => {
    const solve = controlledStream();
    const check = controlledStream();
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: STUDENT })),
      'GET /api/aiChat/models': () => json(MODELS),
      'POST /api/stuWorkFlow/solve': (init) => {
        sent.push({ path: 'solve', body: JSON.parse(String(init?.body)) });
        return solve.respond();
      },
      'POST /api/stuWorkFlow/check': (init) => {
        sent.push({ path: 'check', body: JSON.parse(String(init?.body)) });
        return check.respond();
      },
    });
    await renderPage(<SolvePage />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: 'Grade 8' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'Mathematics' } });
    await userEvent.type(
      screen.getByPlaceholderText('Type the question, or add a photo of it'),
      'Solve 2x + 1 = 5',
    );
    await userEvent.click(screen.getByRole('button', { name: /Solve/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: 'solve', body: { grade: 'Grade 8', subject: 'Mathematics', question: 'Solve 2x + 1 = 5' } },
      ]),
    );
    solve.push('meta', { runId: '7', engine: 'model' });
    solve.push('content', { text: 'Subtract 1: $2x = 4$.\n\n【答案】x = 2' });
    solve.push('done', {
      finishReason: 'stop',
      recordId: '31',
      correctAnswer: 'x = 2',
      knowledgePoint: 'Linear equations',
    });
    solve.close();
    expect(await screen.findByText('Saved to your question bank.')).toBeTruthy();
    expect(screen.getByText('Linear equations')).toBeTruthy();
    // The answer's math is rendered by KaTeX.
    await waitFor(() => expect(document.querySelector('.katex')).toBeTruthy());

    await userEvent.type(screen.getByRole('textbox', { name: 'My answer' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ path: 'check', body: { id: '31', studentAnswer: '3' } }),
    );
    check.push('meta', { runId: '8', recordId: '31', engine: 'model' });
    check.push('content', { text: '2·3 + 1 = 7, not 5.' });
    check.push('done', { finishReason: 'stop', recordId: '31', isCorrect: false });
    check.close();
    expect(await screen.findByText('Wrong')).toBeTruthy();
  });
});

describe('problem solving on a Dify workflow', () => {
  it('fetches the stored result when the stream broke off while the workflow went on', async () => {
    const solve = controlledStream();
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: [...STUDENT, 'stuWorkFlow:result'] })),
      'GET /api/aiChat/models': () => json([]),
      'POST /api/stuWorkFlow/solve': () => solve.respond(),
      'GET /api/stuWorkFlow/result': () =>
        json({
          id: '7',
          kind: 'solve',
          status: 'succeeded',
          content: 'The speed is **5 m/s**.',
          outputs: { answer: '5 m/s' },
          error: null,
          recordId: '40',
          createTime: '2026-11-24T08:00:00+00:00',
          finishTime: '2026-11-24T08:01:00+00:00',
        }),
    });
    await renderPage(<SolvePage />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: 'Grade 8' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'Physics' } });
    await userEvent.type(
      screen.getByPlaceholderText('Type the question, or add a photo of it'),
      '10 m in 2 s?',
    );
    await userEvent.click(screen.getByRole('button', { name: /Solve/ }));
    solve.push('meta', { runId: '7', engine: 'dify' });
    solve.push('progress', { node: 'llm', title: 'Solve', status: 'started' });
    solve.close();
    expect(await screen.findByText(/the workflow goes on on the server/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Fetch the result' }));
    expect(await screen.findByText('5 m/s')).toBeTruthy();
  });
});

describe('question bank page', () => {
  it('lists the records with their result and filters by it', async () => {
    const row: QuestionBankRow = {
      id: '31',
      studentName: 'Li',
      grade: 'Grade 8',
      subject: 'Mathematics',
      question: 'Solve 2x + 1 = 5',
      studentAnswer: '3',
      correctAnswer: 'x = 2',
      isCorrect: false,
      otherStem: null,
      code: 'solve',
      name: 'Solve 2x + 1 = 5',
      description: null,
      knowledgePoint: 'Linear equations',
      paperId: null,
      createTime: '2026-11-24T08:00:00+00:00',
      createUserId: '113',
      createUserName: 'Li',
      createOrgId: '206',
      createOrgName: 'Other',
      updateTime: null,
      updateUserId: null,
      updateUserName: null,
    };
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: STUDENT })),
      'POST /api/stuQuestionBank/page': (init) => {
        sent.push({ path: 'page', body: JSON.parse(String(init?.body)) });
        return json(pageOf([row]));
      },
    });
    await renderPage(<QuestionBankPage />);
    expect(await screen.findByText('Solve 2x + 1 = 5')).toBeTruthy();
    expect(screen.getAllByText('Wrong').length).toBeGreaterThan(0);
    expect(screen.getByText('Problem solving')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Knowledge point' }), 'Linear');
    await userEvent.click(screen.getByRole('button', { name: /Search|Query/ }));
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ knowledgePoint: 'Linear', page: 1 }));
  });
});

describe('workflow config page', () => {
  it('edits a prompt template and resets it to the default', async () => {
    let prompts: PromptTemplateRow[] = [
      {
        kind: 'solve',
        version: 1,
        placeholders: [{ name: 'grade', required: false }],
        defaultTemplate: 'Default {{grade}} text',
        override: 'Own {{grade}} text',
        overrideVersion: 1,
        updateTime: null,
        updateUserName: 'admin',
      },
    ];
    stubApi({
      'GET /api/sysAuth/userInfo': () =>
        json(
          userInfo({
            apis: ['aiWorkFlowConfig:page', 'aiWorkFlowConfig:prompts', 'aiWorkFlowConfig:setPrompt'],
          }),
        ),
      'POST /api/aiWorkFlowConfig/page': () => json(pageOf([])),
      'GET /api/aiWorkFlowConfig/prompts': () => json(prompts),
      'POST /api/aiWorkFlowConfig/setPrompt': (init) => {
        const body = JSON.parse(String(init?.body)) as { template: string | null };
        sent.push({ path: 'setPrompt', body });
        prompts = [{ ...prompts[0]!, override: body.template }];
        return json(null);
      },
    });
    await renderPage(<WorkflowConfigPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Prompt templates' }));
    const text = await screen.findByRole('textbox', { name: 'Problem solving' });
    expect((text as HTMLTextAreaElement).value).toBe('Own {{grade}} text');
    expect(screen.getByText('Edited')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    await userEvent.click(await screen.findByRole('button', { name: /OK|Yes/ }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ path: 'setPrompt', body: { kind: 'solve', template: null } }),
    );
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Problem solving' }) as HTMLTextAreaElement).value).toBe(
        'Default {{grade}} text',
      ),
    );
  });
});
