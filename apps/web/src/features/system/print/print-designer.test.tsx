import type { PrintInput, PrintRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { printDocumentHtml } from '../../../shared/print/print-render';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { emptyDraft } from './designer/designer-model';
import { PrintDesigner } from './designer/print-designer';

let saved: PrintInput[];
beforeEach(() => {
  saved = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysPrint:page', 'sysPrint:add'] })),
    'POST /api/sysPrint/add': (init) => {
      saved.push(JSON.parse(String(init?.body)) as PrintInput);
      return json('1300000000901');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('print template designer', () => {
  it('adds a text and a QR code, moves the text by keyboard and saves the layout', async () => {
    const onSaved = vi.fn();
    await renderPage(<PrintDesigner initial={emptyDraft()} onSaved={onSaved} onBack={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Template name'), { target: { value: 'Badge' } });

    fireEvent.click(screen.getByRole('button', { name: /^font-size Text$/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Hello {realName}' },
    });
    // The canvas shows the text bound to the sample data.
    expect(screen.getByTestId('print-canvas').textContent).toContain('Hello 张三');
    const text = screen.getByRole('button', { name: /^Text at 5, 5 mm/ });
    fireEvent.keyDown(text, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(text, { key: 'ArrowDown' });

    fireEvent.click(screen.getByRole('button', { name: /^qrcode QR code$/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Field' }), { target: { value: 'account' } });
    expect(screen.getByTestId('print-canvas').querySelector('.lp-qrcode svg')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('1300000000901'));
    const [body] = saved;
    expect(body).toMatchObject({ name: 'Badge', bizType: 'sysUser', paper: 'A4', width: 210, height: 297 });
    expect(body!.template.elements).toMatchObject([
      { kind: 'text', text: 'Hello {realName}', x: 15, y: 6 },
      { kind: 'qrcode', field: 'account' },
    ]);
  });
});

describe('print renderer', () => {
  it('binds fields with their formats and writes one table row per array item, one sheet per record', () => {
    const sheet: Pick<PrintRow, 'template' | 'paper' | 'width' | 'height' | 'orientation'> & {
      marginTop: number;
      marginRight: number;
      marginBottom: number;
      marginLeft: number;
    } = {
      ...emptyDraft(),
      orientation: 'landscape',
      template: {
        elements: [
          {
            kind: 'field',
            id: 'a',
            x: 0,
            y: 0,
            w: 50,
            h: 8,
            field: 'customer.name',
            format: 'text',
            label: 'To:',
          },
          { kind: 'field', id: 'b', x: 0, y: 10, w: 50, h: 8, field: 'total', format: 'number', digits: 2 },
          { kind: 'field', id: 'c', x: 0, y: 20, w: 50, h: 8, field: 'day', format: 'date' },
          {
            kind: 'table',
            id: 'd',
            x: 0,
            y: 30,
            w: 100,
            h: 10,
            field: 'items',
            columns: [
              { title: 'Item', field: 'name', width: 60 },
              { title: 'Qty', field: 'qty', width: 20, format: 'number', digits: 0 },
            ],
          },
          // jsdom has no canvas to measure the text under the bars: the bars only.
          { kind: 'barcode', id: 'e', x: 0, y: 50, w: 60, h: 15, field: 'code', showText: false },
        ],
      },
    };
    const records = [
      {
        customer: { name: '<b>李雷</b>' },
        total: 12.5,
        day: '2026-11-25T23:30:00+08:00',
        code: 'A-001',
        items: [
          { name: 'Pen', qty: 2 },
          { name: 'Ink', qty: 1 },
        ],
      },
      { customer: { name: 'Second' }, items: [] },
    ];
    const html = printDocumentHtml(sheet, records, 'en', 'Invoice');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    // Landscape A4 swaps the sheet's sides, in @page and on the sheet.
    expect(html).toContain('@page { size: 297mm 210mm; margin: 0; }');
    const pages = doc.querySelectorAll('.lp-page');
    expect(pages).toHaveLength(2);
    const first = pages[0]!;
    expect(first.querySelector('[data-element="a"]')!.textContent).toBe('To:<b>李雷</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(first.querySelector('[data-element="b"]')!.textContent).toBe('12.50');
    expect(first.querySelector('[data-element="c"]')!.textContent).toBe('2026-11-25');
    const rows = [...first.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Pen', '2'],
      ['Ink', '1'],
    ]);
    expect(first.querySelector('[data-element="e"] svg')).toBeTruthy();
    expect(pages[1]!.querySelectorAll('tbody tr')).toHaveLength(0);
    expect(pages[1]!.querySelector('[data-element="a"]')!.textContent).toBe('To:Second');
    expect(doc.querySelector('script')).toBeNull();
  });
});
