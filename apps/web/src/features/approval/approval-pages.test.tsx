import type { ApprovalInstanceDetail, ApprovalInstanceRow, StartableFlow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import MinePage from './mine/mine-page';
import TodoPage from './todo/todo-page';
import { chooseOption } from '../../test/choose-option';

const FORM = {
  kind: 'builtin' as const,
  formId: null,
  version: 0,
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title', minLength: 1 },
      amount: { type: 'number', title: 'Amount' },
    },
    required: ['title'],
    additionalProperties: false,
  },
  uiSchema: {},
};
const FLOW: StartableFlow = {
  id: '1300000007001',
  code: '26112501',
  name: 'Purchase',
  remark: null,
  form: FORM,
};
const ROW: ApprovalInstanceRow = {
  id: '1300000007101',
  flowId: FLOW.id,
  flowName: 'Purchase',
  status: 'pending',
  currentNodeName: 'Manager',
  submitUserId: '1300000000112',
  submitUserName: 'Zhang',
  createTime: '2026-11-25T08:00:00+08:00',
  updateTime: null,
  finishTime: null,
};
const DETAIL: ApprovalInstanceDetail = {
  ...ROW,
  data: { title: 'Laptop', amount: 800 },
  form: FORM,
  approvers: ['Manager Li'],
  can: { approve: true, withdraw: false, resubmit: false },
  history: [
    {
      id: '1300000007201',
      action: 'submit',
      nodeName: 'Start',
      comment: 'urgent',
      actorId: '1300000000112',
      actorName: 'Zhang',
      createTime: '2026-11-25T08:00:00+08:00',
    },
  ],
};
const page = (items: ApprovalInstanceRow[]) =>
  json({ page: 1, pageSize: 20, total: items.length, totalPages: 1, items });

let posted: { url: string; body: Record<string, unknown> }[];
const record = (url: string) => (init?: RequestInit) => {
  posted.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
  return json(url.endsWith('submit') ? '1300000007102' : null);
};
beforeEach(() => {
  posted = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({
          apis: [
            'approvalInstance:mine',
            'approvalInstance:flows',
            'approvalInstance:submit',
            'approvalInstance:todo',
            'approvalInstance:approve',
          ],
        }),
      ),
    'POST /api/approvalInstance/mine': () => page([{ ...ROW, status: 'approved', currentNodeName: null }]),
    'POST /api/approvalInstance/todo': () => page(posted.some((p) => p.url.endsWith('approve')) ? [] : [ROW]),
    'GET /api/approvalInstance/flows': () => json([FLOW]),
    'GET /api/approvalInstance/detail': () => json(DETAIL),
    'POST /api/approvalInstance/submit': record('submit'),
    'POST /api/approvalInstance/approve': record('approve'),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('approval personal pages', () => {
  it('lists my requests and files a new one through the flow’s form', async () => {
    await renderPage(<MinePage />);
    expect(await screen.findByText('Approved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New request/ }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Choose a flow' }), 'Purchase');
    fireEvent.change(await within(dialog).findByLabelText(/Title/), { target: { value: 'Desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: 'submit', body: { flowId: FLOW.id, data: { title: 'Desk' } } }]),
    );
  });

  it('opens a to-do with its answers and history, and approves it with a comment', async () => {
    await renderPage(<TodoPage />);
    expect(await screen.findByText('Manager')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Handle' }));
    expect(await screen.findByDisplayValue('Laptop')).toBeTruthy();
    expect(screen.getByText('urgent')).toBeTruthy();
    expect(screen.getByText('Manager Li')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'fine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posted).toEqual([{ url: 'approve', body: { id: ROW.id, comment: 'fine' } }]));
    await waitFor(() => expect(screen.queryByText('Manager')).toBeNull());
  });
});
