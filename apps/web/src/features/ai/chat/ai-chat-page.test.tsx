import type { AiChatModel, AiConversation } from '@lintel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import AiChatPage from './ai-chat-page';

const ALL = ['aiChat:list', 'aiChat:detail', 'aiChat:chat', 'aiChat:rename', 'aiChat:delete'];

const MODELS: AiChatModel[] = [
  {
    id: '21',
    name: 'Fake Reasoner',
    modelId: 'fake-reasoner',
    reasoning: true,
    vision: false,
    isDefault: true,
  },
  { id: '22', name: 'Fake Chat', modelId: 'fake-chat', reasoning: false, vision: false, isDefault: false },
];
const conversation = (id: string, title: string): AiConversation => ({
  id,
  title,
  modelRowId: '21',
  pinned: false,
  createTime: '2026-11-24T08:00:00+00:00',
  updateTime: '2026-11-24T08:00:00+00:00',
});

/** A stream the test feeds event by event, and whose request it can see aborted. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let signal: AbortSignal | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    respond(init?: RequestInit) {
      signal = init?.signal ?? undefined;
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    },
    push(event: string, data: unknown) {
      act(() =>
        controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      );
    },
    close: () => act(() => controller.close()),
    aborted: () => signal?.aborted ?? false,
  };
}

const newToast = () => ({ error: vi.fn<(text: string) => void>(), success: vi.fn<(text: string) => void>() });
let toast: ReturnType<typeof newToast>;
let sent: unknown[];
let list: AiConversation[];
beforeEach(() => {
  toast = newToast();
  setNotifier(toast);
  sent = [];
  list = [conversation('1', 'Earlier chat')];
});
afterEach(() => {
  setNotifier(null);
  vi.unstubAllGlobals();
});

function stub(extra: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {}, apis = ALL) {
  return stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'GET /api/aiChat/models': () => json(MODELS),
    'GET /api/aiChat/list': () => json(list),
    'GET /api/aiChat/messages': () => json([]),
    ...extra,
  });
}

const composer = () => screen.getByPlaceholderText(/Ask anything/);
async function ask(text: string) {
  await userEvent.type(composer(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('AI chat page', () => {
  it('says no model is configured, with the settings link only for those who may open them', async () => {
    stub({ 'GET /api/aiChat/models': () => json([]) }, [...ALL, 'aiProvider:page']);
    await renderPage(<AiChatPage />);
    expect(await screen.findByText('No AI model is configured yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure model providers' }).getAttribute('href')).toBe(
      '/aiconfig/provider',
    );
  });

  it('asks a user without the settings to turn to an administrator', async () => {
    stub({ 'GET /api/aiChat/models': () => json([]) });
    await renderPage(<AiChatPage />);
    expect(await screen.findByText(/Ask an administrator/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Configure model providers' })).toBeNull();
  });

  it('shows SPEC 8’s model list error when the models cannot be fetched', async () => {
    stub({ 'GET /api/aiChat/models': () => json('boom', 500) });
    await renderPage(<AiChatPage />);
    expect(await screen.findByText(/Failed to fetch the model list or change the model/)).toBeTruthy();
  });

  it('streams an answer: preparing, live thinking, then the answer with the reasoning folded and the new title', async () => {
    const s = controlledStream();
    stub({
      'POST /api/aiChat/stream': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return s.respond(init);
      },
    });
    await renderPage(<AiChatPage />);
    // A reasoning model: the deep-thinking switch is offered.
    expect(await screen.findByRole('switch', { name: 'Deep thinking' })).toBeTruthy();
    await ask('Solve 2x + 3 = 7');
    expect(sent).toEqual([{ content: 'Solve 2x + 3 = 7', modelId: '21', thinking: true }]);
    expect(await screen.findByText('Preparing…')).toBeTruthy();

    s.push('meta', { conversationId: '9', userMessageId: '91', messageId: '92', model: 'fake-reasoner' });
    s.push('reasoning', { text: 'Subtract 3, then halve.' });
    const toggle = await screen.findByRole('button', { name: /Thinking…/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Subtract 3, then halve.')).toBeTruthy();
    // The new chat joins the history at once.
    const history = screen.getByRole('complementary', { name: 'Chat history' });
    expect(await within(history).findByText('Solve 2x + 3 = 7')).toBeTruthy();

    s.push('content', { text: 'x = **2**' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Thought for/ }).getAttribute('aria-expanded')).toBe('false'),
    );
    list = [conversation('9', 'Linear equation'), ...list];
    s.push('done', { finishReason: 'stop', title: 'Linear equation', reasoningMs: 2000 });
    s.close();
    await waitFor(() => expect(screen.getByTestId('answer').getAttribute('data-phase')).toBe('done'));
    expect((await screen.findByText('2', { selector: 'strong' })).tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: /Thought for 2 s/ })).toBeTruthy();
    expect(await screen.findAllByText('Linear equation')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });

  it('keeps the partial answer of a failed stream with the error and a retry', async () => {
    const s = controlledStream();
    stub({ 'POST /api/aiChat/stream': (init) => s.respond(init) });
    await renderPage(<AiChatPage />);
    await screen.findByRole('switch', { name: 'Deep thinking' });
    await ask('Break');
    s.push('meta', { conversationId: '9', userMessageId: '91', messageId: '92', model: 'fake-reasoner' });
    s.push('content', { text: 'Half an answer' });
    s.push('error', { code: 'upstream', message: 'The AI provider failed to answer.' });
    s.close();
    expect(await screen.findByText('The AI provider failed to answer.')).toBeTruthy();
    expect(screen.getByText('Half an answer')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });

  it('says "failed to connect to the backend service" when the request cannot be sent', async () => {
    stub({
      'POST /api/aiChat/stream': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await renderPage(<AiChatPage />);
    await screen.findByRole('switch', { name: 'Deep thinking' });
    await ask('Hello');
    expect(await screen.findByText(/Failed to connect to the backend service/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });

  it('stops a stream: the request is aborted and the partial answer stays, marked stopped', async () => {
    const s = controlledStream();
    stub({ 'POST /api/aiChat/stream': (init) => s.respond(init) });
    await renderPage(<AiChatPage />);
    await screen.findByRole('switch', { name: 'Deep thinking' });
    await ask('Go on forever');
    s.push('meta', { conversationId: '9', userMessageId: '91', messageId: '92', model: 'fake-reasoner' });
    s.push('content', { text: 'Once upon' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(s.aborted()).toBe(true));
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(screen.getByText('Once upon')).toBeTruthy();
  });

  it('renames with a required title and deletes after confirming', async () => {
    const renamed: unknown[] = [];
    const deleted: unknown[] = [];
    stub({
      'POST /api/aiChat/rename': (init) => {
        renamed.push(JSON.parse(String(init?.body)));
        return json(null);
      },
      'POST /api/aiChat/delete': (init) => {
        deleted.push(JSON.parse(String(init?.body)));
        list = [];
        return json(null);
      },
    });
    await renderPage(<AiChatPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for “Earlier chat”' }));
    await userEvent.click(await screen.findByText('Rename'));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title cannot be empty.')).toBeTruthy();
    await userEvent.type(input, '  Fractions ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(renamed).toEqual([{ id: '1', title: 'Fractions' }]));
    expect(await screen.findByText('Fractions')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'More actions for “Fractions”' }));
    await userEvent.click(await screen.findByText('Delete'));
    const [confirm] = await screen.findAllByText('Delete this chat?');
    await userEvent.click(
      within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deleted).toEqual([{ id: '1' }]));
    expect(await screen.findByText('No chats yet')).toBeTruthy();
  });

  it('tells the user when a history item cannot be deleted (SPEC 8)', async () => {
    stub({ 'POST /api/aiChat/delete': () => json('Database unavailable', 500) });
    await renderPage(<AiChatPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for “Earlier chat”' }));
    await userEvent.click(await screen.findByText('Delete'));
    const [confirm] = await screen.findAllByText('Delete this chat?');
    await userEvent.click(
      within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^Failed to delete the history item\./)),
    );
    expect(screen.getByText('Earlier chat')).toBeTruthy();
  });

  it('attaches files: documents for any model, images too for a vision model, sent with the message', async () => {
    const uploads: string[] = [];
    const s = controlledStream();
    stub({
      'GET /api/aiChat/models': () =>
        json([{ ...MODELS[1]!, id: '23', name: 'Fake Vision', vision: true, isDefault: true }, MODELS[1]!]),
      'POST /api/aiChat/upload': (init) => {
        const file = (init?.body as FormData).get('file') as File;
        uploads.push(file.name);
        return json({
          id: `f${uploads.length}`,
          fileName: file.name,
          kind: 'image',
          size: file.size,
          truncated: false,
        });
      },
      'POST /api/aiChat/stream': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return s.respond(init);
      },
    });
    await renderPage(<AiChatPage />);
    await screen.findByText('Fake Vision');
    // No reasoning model: no deep-thinking switch.
    expect(screen.queryByRole('switch', { name: 'Deep thinking' })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toContain('.png');
    await userEvent.upload(input, new File(['png'], 'graph.png', { type: 'image/png' }));
    expect(await screen.findByText('graph.png')).toBeTruthy();
    await ask('What is this?');
    expect(sent).toEqual([
      { content: 'What is this?', modelId: '23', thinking: false, attachmentIds: ['f1'] },
    ]);
    s.close();
  });

  it('offers documents only when the model cannot read images', async () => {
    stub({ 'GET /api/aiChat/models': () => json([{ ...MODELS[1]!, isDefault: true }]) });
    await renderPage(<AiChatPage />);
    await screen.findByText('Fake Chat');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.pdf,.txt,.md,.csv');
  });
});
