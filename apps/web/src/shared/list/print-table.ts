import { cellText, type KitColumn } from './column-layout';

const escapeHtml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface PrintInput<T> {
  title: string;
  /** The document language (the user's locale), so the printer picks fitting fonts and hyphenation. */
  lang: string;
  /** The visible columns in the user's order; columns that are not exportable (actions) are left out. */
  columns: readonly KitColumn<T>[];
  rows: readonly T[];
}

/** A self-contained print document: a heading and a plain table, every value escaped. */
export function printDocument<T>({ title, lang, columns, rows }: PrintInput<T>): string {
  const shown = columns.filter((c) => c.exportable !== false);
  const head = shown.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${shown.map((c) => `<td>${escapeHtml(cellText(c, row))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 12px/1.4 system-ui, sans-serif; margin: 16px; color: #000; }
  h1 { font-size: 16px; margin: 0 0 12px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #888; padding: 4px 6px; text-align: left; vertical-align: top; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>`;
}

/**
 * Prints a document from a hidden frame, so the page itself (menus, toolbars) stays off the paper.
 * The frame goes away once the print dialog closes.
 */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  frame.onload = () => {
    const view = frame.contentWindow;
    if (!view) return frame.remove();
    view.addEventListener('afterprint', () => setTimeout(() => frame.remove(), 0));
    view.focus();
    view.print();
  };
  frame.srcdoc = html;
  document.body.appendChild(frame);
}

/** Prints the rows on screen with the visible columns. */
export const printTable = <T>(input: PrintInput<T>) => printHtml(printDocument(input));
