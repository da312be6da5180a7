import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState, type Key } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import type { KitColumn } from './column-layout';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}
const columns: KitColumn<Row>[] = [{ key: 'name', title: 'Name', dataIndex: 'name', width: 120 }];
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1), name: `row ${i + 1}` }));

function Harness({ rows, selectable }: { rows: Row[]; selectable?: boolean }) {
  const [keys, setKeys] = useState<Key[]>([]);
  return (
    <DataTable<Row>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      paging={{ current: 1, pageSize: 500, total: rows.length }}
      selection={selectable ? { keys, onChange: setKeys } : undefined}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

async function render(rows: Row[], selectable = false) {
  stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
  await renderPage(<Harness rows={rows} selectable={selectable} />);
  await screen.findAllByText('Name');
}

describe('data table', () => {
  it('renders a page of 50 rows plainly', async () => {
    await render(rowsOf(50));
    expect(document.querySelector('.ant-table-tbody-virtual')).toBeNull();
    expect(screen.getByText('row 50')).toBeTruthy();
  });

  it('switches to virtual scrolling beyond 50 rows', async () => {
    await render(rowsOf(51));
    expect(document.querySelector('.ant-table-tbody-virtual')).not.toBeNull();
  });

  it('counts the ticked rows and clears them', async () => {
    await render(rowsOf(3), true);
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('offers the page sizes of SPEC 9', async () => {
    await render(rowsOf(1));
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options [role="combobox"]')!);
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(sizes).toEqual(['10 / page', '20 / page', '50 / page', '100 / page', '200 / page', '500 / page']);
  });
});
