import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KitColumn } from './column-layout';
import { printDocument, printHtml } from './print-table';

interface Row {
  name: string;
  status: number;
}
const columns: KitColumn<Row>[] = [
  { key: 'name', title: 'Name <b>', dataIndex: 'name' },
  { key: 'status', title: 'Status', dataIndex: 'status', text: (r) => (r.status === 1 ? 'On' : 'Off') },
  { key: 'actions', title: 'Actions', exportable: false },
];

afterEach(() => {
  document.body.innerHTML = '';
});

describe('print', () => {
  it('writes the visible columns and rows as an escaped plain table', () => {
    const html = printDocument({
      title: 'Accounts & more',
      lang: 'en',
      columns,
      rows: [
        { name: '<script>alert(1)</script>', status: 1 },
        { name: `O'Neil "x"`, status: 2 },
      ],
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Accounts &amp; more</title>');
    expect(html).toContain('<thead><tr><th>Name &lt;b&gt;</th><th>Status</th></tr></thead>');
    expect(html).toContain('<tr><td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>On</td></tr>');
    expect(html).toContain('<tr><td>O&#39;Neil &quot;x&quot;</td><td>Off</td></tr>');
    expect(html).not.toContain('Actions');
    expect(html).not.toContain('<script>');
  });

  it('prints from a hidden frame, not the page', () => {
    printHtml('<p>x</p>');
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('srcdoc')).toBe('<p>x</p>');
    expect(frame.style.visibility).toBe('hidden');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', {
      value: { print, focus: vi.fn(), addEventListener: vi.fn() },
    });
    frame.onload!(new Event('load'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
