import { FIELD_CATALOG, type GuardedTable } from '@lintel/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { HIDDEN_FIELDS_KEY } from '../permission/hidden-fields';
import type { KitColumn } from './column-layout';
import { PrintButton } from './print-button';
import { useColumnSettings } from './use-column-settings';

/**
 * Issue 9, bug 1, on the web side: lists are printed from the rows on screen with the list's
 * columns. Walks every column of every table of the field catalog: with the column blacklisted for
 * the signed-in account, neither the list's columns nor the printed document have it, even if a row carried
 * its value (the server strips it; this proves the browser does not rely on that alone).
 */
type Row = Record<string, string>;
const titleOf = (column: string) => `Title of ${column}`;
const valueOf = (column: string) => `value-of-${column}`;

function Harness({ table }: { table: GuardedTable }) {
  const declared: KitColumn<Row>[] = FIELD_CATALOG[table].map((key) => ({
    key,
    title: titleOf(key),
    dataIndex: key,
  }));
  const row: Row = { id: '1', ...Object.fromEntries(FIELD_CATALOG[table].map((c) => [c, valueOf(c)])) };
  const settings = useColumnSettings(table, declared);
  return (
    <>
      <PrintButton title={table} columns={settings.columns} rows={[row]} />
      {/* What the page's table, export menu and column settings receive. */}
      <ul>
        {settings.columns.map((c) => (
          <li key={c.key}>{c.title}</li>
        ))}
      </ul>
    </>
  );
}

let blacklist: { tableName: string; columns: string[] }[];
beforeEach(() => {
  blacklist = [];
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysRole/userRoleTableList': () => json(blacklist),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

/** The document the print button hands to its frame. */
function printed(): string {
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  const frames = document.querySelectorAll('iframe');
  const frame = frames[frames.length - 1]!;
  frame.onload = null; // the test browser has no print dialog
  return frame.getAttribute('srcdoc') ?? '';
}

describe.each(Object.keys(FIELD_CATALOG) as GuardedTable[])('a list of %s', (table) => {
  it('leaves each blacklisted column out of the table and the print', async () => {
    await initI18n('en');
    const client = createQueryClient();
    render(
      <Providers queryClient={client}>
        <Harness table={table} />
      </Providers>,
    );
    const columns = FIELD_CATALOG[table];
    // Nothing hidden: every column is shown and printed.
    await screen.findByText(titleOf(columns[0]!));
    const full = printed();
    for (const column of columns) expect(full).toContain(valueOf(column));

    for (const column of columns) {
      blacklist = [{ tableName: table, columns: [column] }];
      await act(() => client.invalidateQueries({ queryKey: HIDDEN_FIELDS_KEY }));
      await waitFor(() => expect(screen.queryByText(titleOf(column))).toBeNull());
      const html = printed();
      expect(html, column).not.toContain(titleOf(column));
      expect(html, column).not.toContain(valueOf(column));
      const other = columns.find((c) => c !== column)!;
      expect(html, column).toContain(valueOf(other));
    }
  });
});
