import type { ApprovalFlowRow, FlowGraph } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import FlowPage from './flow-page';

const GRAPH: FlowGraph = {
  nodes: [
    { id: 's', type: 'start', name: 'Begin', position: { x: 0, y: 0 } },
    {
      id: 'a',
      type: 'approver',
      name: 'Manager',
      approver: { kind: 'role', ids: ['1300000000402'] },
      position: { x: 0, y: 100 },
    },
    { id: 'e', type: 'end', name: 'Done', position: { x: 0, y: 200 } },
  ],
  edges: [
    { id: 'e1', source: 's', target: 'a' },
    { id: 'e2', source: 'a', target: 'e' },
  ],
};
const ROW: ApprovalFlowRow = {
  id: '1300000007001',
  code: '26112501',
  name: 'Purchase',
  formJson: '{"kind":"builtin"}',
  flowJson: JSON.stringify(GRAPH),
  status: 1,
  remark: null,
  createTime: '2026-11-25T08:00:00+08:00',
  updateTime: null,
  createUserName: 'admin',
  updateUserName: null,
};

let saved: Record<string, unknown>[];
beforeEach(() => {
  saved = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({
          apis: ['approvalFlow:page', 'approvalFlow:add', 'approvalFlow:update', 'approvalFlow:delete'],
        }),
      ),
    'POST /api/approvalFlow/page': () =>
      json({ page: 1, pageSize: 20, total: 1, totalPages: 1, items: [ROW] }),
    'POST /api/sysForm/page': () => json({ page: 1, pageSize: 200, total: 0, totalPages: 0, items: [] }),
    'GET /api/sysRole/list': () => json([{ id: '1300000000402', name: 'Department heads' }]),
    'GET /api/sysOrg/list': () => json([]),
    'POST /api/approvalFlow/update': (init) => {
      saved.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return json(null);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('approval flow designer', () => {
  it('opens a flow in the designer, adds and connects a node by keyboard-reachable controls, and saves the graph', async () => {
    await renderPage(<FlowPage />);
    expect(await screen.findByText('Purchase')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Design' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Manager')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Flow diagram' })).toBeTruthy();

    // The palette adds a condition node, selected for editing; rename it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Condition' }));
    const name = await within(dialog).findByLabelText('Node name');
    fireEvent.change(name, { target: { value: 'Big amount?' } });
    expect(await within(dialog).findByText('Big amount?')).toBeTruthy();
    // Connect it to the approver through the "connect to" list.
    const connect = within(dialog).getByRole('combobox', { name: 'Connect to' });
    fireEvent.mouseDown(connect);
    fireEvent.click(await screen.findByTitle('Manager'));

    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const graph = JSON.parse(String(saved[0]!.flowJson)) as FlowGraph;
    const condition = graph.nodes.find((n) => n.type === 'condition')!;
    expect(condition.name).toBe('Big amount?');
    expect(graph.edges).toContainEqual(expect.objectContaining({ source: condition.id, target: 'a' }));
    expect(graph.nodes.find((n) => n.id === 'a')!.approver).toEqual({ kind: 'role', ids: ['1300000000402'] });
    expect(saved[0]).toMatchObject({ id: ROW.id, name: 'Purchase', formJson: '{"kind":"builtin"}' });
  });
});
