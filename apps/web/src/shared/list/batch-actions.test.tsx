import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { setNotifier } from '../api/notify';
import { useBatchActions } from './batch-actions';
import type { KitColumn } from './column-layout';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = [
  { id: '11', name: 'alpha' },
  { id: '12', name: 'bravo' },
  { id: '13', name: 'charlie' },
];
const columns: KitColumn<Row>[] = [{ key: 'name', title: 'Name', dataIndex: 'name', width: 120 }];
const refreshed = vi.fn();

function Harness() {
  const batch = useBatchActions<Row>({
    controller: 'sysDictType',
    label: (row) => row.name,
    status: true,
    onDone: refreshed,
  });
  return (
    <DataTable<Row>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      selection={batch}
      paging={{ current: 1, pageSize: 20, total: rows.length }}
    />
  );
}

let sent: { url: string; body: unknown }[] = [];
async function render(apis: string[], answer: { done: number; failed: { id: string; message: string }[] }) {
  sent = [];
  const success = vi.fn();
  setNotifier({ error: vi.fn(), success });
  const handler = (url: string) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as { ids: string[] };
    sent.push({ url, body });
    return json({ total: body.ids.length, ...answer });
  };
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'POST /api/sysDictType/batchDelete': handler('batchDelete'),
    'POST /api/sysDictType/batchSetStatus': handler('batchSetStatus'),
  });
  await renderPage(<Harness />);
  await screen.findByText('alpha');
  // The permissions arrive with the user info.
  if (apis.some((code) => /:(delete|setStatus)$/.test(code))) await screen.findAllByRole('checkbox');
  else await new Promise((resolve) => setTimeout(resolve, 300));
  return { success };
}

// Each checkbox is named after its row, in the user's language.
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
const bar = () => screen.getByRole('toolbar', { name: 'Actions on the selected rows' });

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  refreshed.mockReset();
});

describe('batch actions of a list', () => {
  it('offers no selection to a user who may neither delete nor switch rows', async () => {
    await render(['sysDictType:page'], { done: 0, failed: [] });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('deletes the ticked rows after one confirmation naming how many, and reports who was refused and why', async () => {
    await render(['sysDictType:delete', 'sysDictType:setStatus'], {
      done: 2,
      failed: [{ id: '12', message: 'Only the super admin may change this account.' }],
    });
    tick('alpha');
    tick('bravo');
    tick('charlie');
    expect(within(bar()).getByText('3 selected')).toBeTruthy();
    expect(within(bar()).getByRole('button', { name: /Enable/ })).toBeTruthy();
    expect(within(bar()).getByRole('button', { name: /Disable/ })).toBeTruthy();

    fireEvent.click(within(bar()).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByText('Delete the selected rows (3)? This cannot be undone.');
    const popover = confirm.closest('.ant-popover')! as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog');
    expect(sent).toEqual([{ url: 'batchDelete', body: { ids: ['11', '12', '13'] } }]);
    expect(within(dialog).getByText('Done: 2 of 3. Not done: 1; those rows stay selected.')).toBeTruthy();
    const refused = within(dialog).getByText('bravo').closest('tr')!;
    expect(within(refused).getByText('Only the super admin may change this account.')).toBeTruthy();
    // The refused row stays ticked; the list was asked to refresh.
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
    expect(refreshed).toHaveBeenCalled();
  });

  it('disables after confirmation, enables at once, and says so when every row was done', async () => {
    const { success } = await render(['sysDictType:setStatus'], { done: 2, failed: [] });
    tick('alpha');
    tick('charlie');
    expect(within(bar()).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(bar()).getByRole('button', { name: /Enable/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Done for all selected rows (2).'));
    expect(sent).toEqual([{ url: 'batchSetStatus', body: { ids: ['11', '13'], status: 1 } }]);
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());

    tick('bravo');
    fireEvent.click(within(bar()).getByRole('button', { name: /Disable/ }));
    const confirm = await screen.findByText('Disable the selected rows (1)?');
    fireEvent.click(
      within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Disable' }),
    );
    await waitFor(() => expect(sent[1]).toEqual({ url: 'batchSetStatus', body: { ids: ['12'], status: 2 } }));
  });
});
