import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { STORAGE_PREFIX } from '../storage';
import type { KitColumn } from './column-layout';
import { ColumnSettingsButton } from './column-settings';
import { DataTable } from './data-table';
import { useColumnSettings } from './use-column-settings';

interface Row {
  id: string;
  account: string;
  phone: string;
  org: string;
}
const columns: KitColumn<Row>[] = [
  { key: 'account', title: 'Account', dataIndex: 'account', fixed: 'left', width: 100 },
  { key: 'phone', title: 'Phone', dataIndex: 'phone', width: 100 },
  { key: 'org', title: 'Org', dataIndex: 'org', width: 100 },
];
const rows: Row[] = [{ id: '1', account: 'zhang', phone: '138', org: 'Dev' }];

function Harness() {
  const settings = useColumnSettings('demo', columns);
  return (
    <>
      <ColumnSettingsButton settings={settings} />
      <DataTable<Row>
        rowKey="id"
        columns={settings.columns}
        dataSource={rows}
        paging={{ current: 1, pageSize: 20, total: 1 }}
      />
    </>
  );
}

const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
    .filter(Boolean);

async function renderAs(userId: string) {
  stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo({ id: userId })) });
  await renderPage(<Harness />);
  await screen.findByText('zhang');
}

async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
  return screen.findByText('Restore defaults');
}

afterEach(() => vi.unstubAllGlobals());

describe('column settings', () => {
  it('hides and reorders columns and stores the layout under the user and table', async () => {
    await renderAs('7');
    expect(headers()).toEqual(['Account', 'Phone', 'Org']);
    await openSettings();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Org']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Org up' }));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Org', 'Phone']));
    // The column fixed on the left stays first: the first scrolling column cannot move above it.
    expect((screen.getByRole('button', { name: 'Move Org up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Account' }));
    await waitFor(() => expect(headers()).toEqual(['Org', 'Phone']));

    const stored = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}columns:7:demo`)!);
    expect(stored).toEqual({
      v: 1,
      columns: [
        { key: 'account', visible: false, fixed: 'left' },
        { key: 'org', visible: true, fixed: null },
        { key: 'phone', visible: true, fixed: null },
      ],
    });
  });

  it('keeps each user their own layout across renders', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}columns:7:demo`,
      JSON.stringify({
        v: 1,
        columns: [
          { key: 'account', visible: true, fixed: 'left' },
          { key: 'org', visible: true, fixed: null },
          { key: 'phone', visible: false, fixed: null },
        ],
      }),
    );
    localStorage.setItem(
      `${STORAGE_PREFIX}columns:8:demo`,
      JSON.stringify({
        v: 1,
        columns: [
          { key: 'account', visible: true, fixed: 'left' },
          { key: 'phone', visible: true, fixed: null },
          { key: 'org', visible: false, fixed: null },
        ],
      }),
    );
    await renderAs('8');
    await waitFor(() => expect(headers()).toEqual(['Account', 'Phone']));
  });

  it('reads the saved layout of the signed-in user and forgets it on restore', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}columns:7:demo`,
      JSON.stringify({
        v: 1,
        columns: [
          { key: 'account', visible: true, fixed: 'left' },
          { key: 'org', visible: true, fixed: null },
          { key: 'phone', visible: false, fixed: null },
        ],
      }),
    );
    await renderAs('7');
    await waitFor(() => expect(headers()).toEqual(['Account', 'Org']));
    const restore = await openSettings();
    expect(within(document.body).getByText('2 of 3 shown')).toBeTruthy();
    fireEvent.click(restore);
    await waitFor(() => expect(headers()).toEqual(['Account', 'Phone', 'Org']));
    expect(localStorage.getItem(`${STORAGE_PREFIX}columns:7:demo`)).toBeNull();
  });

  it('fixes a column on the right from the settings', async () => {
    await renderAs('7');
    await openSettings();
    fireEvent.mouseDown(
      within(screen.getByTestId('column-phone')).getByRole('combobox', { name: 'Fixing of Phone' }),
    );
    fireEvent.click(await screen.findByTitle('Fix right'));
    await waitFor(() => expect(headers()).toEqual(['Account', 'Org', 'Phone']));
    const stored = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}columns:7:demo`)!);
    expect(stored.columns.at(-1)).toEqual({ key: 'phone', visible: true, fixed: 'right' });
  });

  it('reorders by dragging a column onto another', async () => {
    await renderAs('7');
    await openSettings();
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(screen.getByTestId('column-org'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('column-phone'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('column-phone'), { dataTransfer });
    await waitFor(() => expect(headers()).toEqual(['Account', 'Org', 'Phone']));
  });
});
