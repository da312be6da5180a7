import type {
  AiConnectionOutcome,
  AiProviderDetail,
  AiProviderRow,
  AiUsagePageResult,
} from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import AiProviderPage from './provider-page';
import { chooseOption } from '../../../test/choose-option';

const row: AiProviderRow = {
  id: '21',
  kind: 'openai',
  name: 'DeepSeek',
  baseUrl: 'https://api.deepseek.com/v1',
  hasApiKey: true,
  enabled: true,
  orderNo: 1,
  remark: null,
  modelCount: 2,
  createTime: '2026-11-24T07:00:00+00:00',
  updateTime: null,
  createUserName: 'Admin',
  updateUserName: null,
};

const detail: AiProviderDetail = {
  ...row,
  models: [
    {
      id: '31',
      providerId: '21',
      modelId: 'deepseek-chat',
      name: 'DeepSeek Chat',
      reasoning: false,
      vision: false,
      isDefault: true,
      enabled: true,
      orderNo: 1,
    },
    {
      id: '32',
      providerId: '21',
      modelId: 'deepseek-reasoner',
      name: 'DeepSeek R1',
      reasoning: true,
      vision: false,
      isDefault: false,
      enabled: true,
      orderNo: 2,
    },
  ],
};

const usage: AiUsagePageResult = {
  page: 1,
  pageSize: 20,
  total: 1,
  totalPages: 1,
  hasPrevPage: false,
  hasNextPage: false,
  items: [
    {
      day: '2026-11-24',
      userId: '5',
      account: 'student1',
      realName: 'Li Lei',
      modelRowId: '31',
      modelName: 'DeepSeek Chat',
      modelId: 'deepseek-chat',
      requests: 3,
      promptTokens: 120,
      completionTokens: 80,
      totalTokens: 200,
    },
  ],
  days: [{ day: '2026-11-24', requests: 3, promptTokens: 120, completionTokens: 80 }],
};

const ALL = [
  'aiProvider:page',
  'aiProvider:detail',
  'aiProvider:add',
  'aiProvider:update',
  'aiProvider:delete',
  'aiProvider:testConnection',
  'aiProvider:fetchModels',
  'aiProvider:limits',
  'aiProvider:setLimits',
  'aiProvider:usage',
] as const;

let calls: { url: string; body: unknown }[];
let outcome: AiConnectionOutcome;
const body = (init?: RequestInit) => (init?.body ? JSON.parse(String(init.body)) : undefined);
/** The open dialog with this title (antd names its dialogs by a title element). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, {}, { timeout: 5_000 });
  return heading.closest('[role="dialog"]') as HTMLElement;
}
const ADD = /^(plus )?Add$/;
const sent = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body);

function stub(apis: readonly string[] = ALL) {
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: [...apis] })),
    'POST /api/aiProvider/page': (init) => {
      calls.push({ url: 'page', body: body(init) });
      return json({
        page: 1,
        pageSize: 20,
        total: 1,
        totalPages: 1,
        items: [row],
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'GET /api/aiProvider/detail': () => json(detail),
    'POST /api/aiProvider/update': (init) => {
      calls.push({ url: 'update', body: body(init) });
      return json(null);
    },
    'POST /api/aiProvider/add': (init) => {
      calls.push({ url: 'add', body: body(init) });
      return json('22');
    },
    'POST /api/aiProvider/testConnection': (init) => {
      calls.push({ url: 'test', body: body(init) });
      return json(outcome);
    },
    'POST /api/aiProvider/fetchModels': (init) => {
      calls.push({ url: 'fetch', body: body(init) });
      return json(['deepseek-chat', 'deepseek-reasoner', 'qwen2.5-vl-7b']);
    },
    'GET /api/aiProvider/limits': () =>
      json({
        tenantRequestsPerMinute: 0,
        userRequestsPerMinute: 5,
        tenantTokensPerDay: 0,
        userTokensPerDay: 20000,
      }),
    'POST /api/aiProvider/setLimits': (init) => {
      calls.push({ url: 'setLimits', body: body(init) });
      return json(null);
    },
    'POST /api/aiProvider/usage': (init) => {
      calls.push({ url: 'usage', body: body(init) });
      return json(usage);
    },
  });
}

beforeEach(() => {
  calls = [];
  outcome = {
    ok: true,
    listLatencyMs: 40,
    chatLatencyMs: 320,
    models: ['deepseek-chat', 'deepseek-reasoner'],
    chatModel: 'deepseek-chat',
    code: null,
    message: '',
  };
  setNotifier({ error: vi.fn(), success: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('model provider page', () => {
  it('lists providers with their key state, never a key', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    expect(await screen.findByText('DeepSeek')).toBeTruthy();
    expect(screen.getByText('https://api.deepseek.com/v1')).toBeTruthy();
    expect(screen.getByText('OpenAI-compatible')).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Limits' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Usage' })).toBeTruthy();
  });

  it('edits a provider: the key field stays empty (kept), models are edited, fetched ones are added', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    await screen.findByText('DeepSeek');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Edit the model provider');
    expect(within(dialog).getByText(/Leave empty to keep it/)).toBeTruthy();
    expect((within(dialog).getByLabelText(/API key/) as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByLabelText('Model id')
          .map((i) => (i as HTMLInputElement).value),
      ).toEqual(['deepseek-chat', 'deepseek-reasoner']),
    );

    // Make the reasoner the default: only one default stays.
    fireEvent.click(within(dialog).getAllByRole('radio', { name: 'Default' })[1]!);

    fireEvent.click(within(dialog).getByRole('button', { name: /Fetch from provider/ }));
    const picker = await dialogTitled('Pick models from the provider');
    await waitFor(() =>
      expect(sent('fetch')).toEqual([
        { id: '21', kind: 'openai', baseUrl: 'https://api.deepseek.com/v1', modelId: 'deepseek-reasoner' },
      ]),
    );
    expect(within(picker).queryByRole('checkbox', { name: 'deepseek-chat' })).toBeNull();
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'qwen2.5-vl-7b' }));
    fireEvent.click(within(picker).getByRole('button', { name: ADD }));
    await waitFor(() => expect(within(dialog).getAllByLabelText('Model id')).toHaveLength(3));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('update')).toHaveLength(1));
    const update = sent('update')[0] as {
      apiKey: string;
      id: string;
      models: { modelId: string; isDefault: boolean; vision: boolean; id?: string }[];
    };
    expect(update.id).toBe('21');
    expect(update.apiKey).toBe('');
    expect(update.models.map((m) => [m.modelId, m.isDefault, m.vision, m.id])).toEqual([
      ['deepseek-chat', false, false, '31'],
      ['deepseek-reasoner', true, false, '32'],
      ['qwen2.5-vl-7b', false, true, undefined],
    ]);
  });

  it('tests the form values and shows the result; a failure shows the server message', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    fireEvent.click(await screen.findByRole('button', { name: ADD }));
    const dialog = await dialogTitled('Add a model provider');
    fireEvent.change(within(dialog).getByLabelText('Base URL'), {
      target: { value: 'https://api.example.com/v1' },
    });
    fireEvent.change(within(dialog).getByLabelText(/API key/), { target: { value: 'sk-typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await within(dialog).findByText('Connected')).toBeTruthy();
    expect(
      within(dialog).getByText('Model list: 2 models in 40 ms · First token from deepseek-chat in 320 ms'),
    ).toBeTruthy();
    expect(sent('test')).toEqual([
      { kind: 'openai', baseUrl: 'https://api.example.com/v1', apiKey: 'sk-typed' },
    ]);

    outcome = {
      ...outcome,
      ok: false,
      code: 'unauthorized',
      message: 'The AI provider refused the API key. (bad key)',
      chatLatencyMs: null,
    };
    fireEvent.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await within(dialog).findByText('The AI provider refused the API key. (bad key)')).toBeTruthy();
  });

  it('fills a preset and adds a provider with its models', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    fireEvent.click(await screen.findByRole('button', { name: ADD }));
    const dialog = await dialogTitled('Add a model provider');
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Preset' }), 'DeepSeek');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Base URL') as HTMLInputElement).value).toBe(
        'https://api.deepseek.com/v1',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText(/API key/), { target: { value: 'sk-new' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('add')).toHaveLength(1));
    expect(sent('add')[0]).toMatchObject({
      kind: 'openai',
      name: 'DeepSeek',
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'sk-new',
      models: [
        { modelId: 'deepseek-chat', isDefault: true, reasoning: false },
        { modelId: 'deepseek-reasoner', isDefault: false, reasoning: true },
      ],
    });
  });

  it('shows and saves the limits', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Limits' }));
    const perUser = await screen.findByLabelText('Requests per minute (each user)');
    await waitFor(() => expect((perUser as HTMLInputElement).value).toBe('5'));
    fireEvent.change(perUser, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('setLimits')).toEqual([
        {
          tenantRequestsPerMinute: 0,
          userRequestsPerMinute: 8,
          tenantTokensPerDay: 0,
          userTokensPerDay: 20000,
        },
      ]),
    );
  });

  it('shows usage by user and model with a chart of the days', async () => {
    stub();
    await renderPage(<AiProviderPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('Li Lei (student1)')).toBeTruthy();
    expect(screen.getByText('DeepSeek Chat')).toBeTruthy();
    expect(screen.getAllByText('200').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Usage per day' })).toBeTruthy();
    // One request serves both the table and the chart.
    expect(sent('usage')).toHaveLength(1);
  });

  it('shows only the tabs and actions the account may use', async () => {
    stub(['aiProvider:page']);
    await renderPage(<AiProviderPage />);
    await screen.findByText('DeepSeek');
    expect(screen.queryByRole('tab', { name: 'Limits' })).toBeNull();
    expect(screen.queryByRole('button', { name: ADD })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
