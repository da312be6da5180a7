import type { PrintElement, PrintRow } from '@lintel/contracts';
import { barcodeSvg, qrSvg } from './print-codes';
import { escapeHtml, fillText, formatValue, valueAt, type PrintRecord } from './print-values';

/**
 * Template + data → HTML in millimetres, one sheet per record. The same markup is the designer's
 * canvas content, the preview, the print frame and the PDF's pictures, so what is designed is what
 * prints. Every value is escaped here; nothing in the output runs script (the print frame is under
 * the product's CSP: script-src 'self', inline styles allowed).
 */

/** What a sheet needs of a template. */
export type PrintSheet = Pick<
  PrintRow,
  | 'template'
  | 'paper'
  | 'width'
  | 'height'
  | 'orientation'
  | 'marginTop'
  | 'marginRight'
  | 'marginBottom'
  | 'marginLeft'
>;

/** The sheet's size as it lies on the printer: landscape swaps the portrait width and height. */
export function sheetSize(sheet: Pick<PrintSheet, 'width' | 'height' | 'orientation'>) {
  return sheet.orientation === 'landscape'
    ? { width: sheet.height, height: sheet.width }
    : { width: sheet.width, height: sheet.height };
}

const mm = (n: number) => `${Math.round(n * 100) / 100}mm`;

/** Position, size and text style of an element, as a style attribute. */
function boxStyle(e: PrintElement): string {
  const parts = [`left:${mm(e.x)}`, `top:${mm(e.y)}`, `width:${mm(e.w)}`];
  // A table grows with its rows; every other element keeps its box.
  parts.push(e.kind === 'table' ? `min-height:${mm(e.h)}` : `height:${mm(e.h)}`);
  if (e.fontSize) parts.push(`font-size:${e.fontSize}pt`);
  if (e.bold) parts.push('font-weight:700');
  if (e.align) parts.push(`text-align:${e.align}`);
  const border = e.border ?? (e.kind === 'rect' || e.kind === 'line' ? 1 : 0);
  if (border && e.kind !== 'line') parts.push(`border:${border}px solid #000`);
  return parts.join(';');
}

const SAFE_SRC = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/;

/** The inside of one element for one record. */
export function elementContent(e: PrintElement, data: PrintRecord): string {
  switch (e.kind) {
    case 'text':
      return escapeHtml(fillText(e.text, data));
    case 'field': {
      const value = escapeHtml(formatValue(valueAt(data, e.field), e.format, e.digits));
      return e.label ? `<span class="lp-label">${escapeHtml(e.label)}</span>${value}` : value;
    }
    case 'table': {
      const rows = valueAt(data, e.field);
      const list = Array.isArray(rows) ? rows : [];
      const cols = e.columns.map((c) => `<col style="width:${mm(c.width)}">`).join('');
      const head = e.columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
      const body = list
        .map(
          (row) =>
            `<tr>${e.columns
              .map((c) => `<td>${escapeHtml(formatValue(valueAt(row, c.field), c.format, c.digits))}</td>`)
              .join('')}</tr>`,
        )
        .join('');
      return `<table><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
    case 'barcode':
      return barcodeSvg(codeValue(e, data), e.showText ?? true);
    case 'qrcode':
      return qrSvg(codeValue(e, data));
    case 'image':
      return SAFE_SRC.test(e.src) ? `<img src="${escapeHtml(e.src)}" alt="">` : '';
    case 'line': {
      const width = e.border || 1;
      const side = e.w >= e.h ? 'top' : 'left';
      return `<div class="lp-line-${side}" style="border-${side}:${width}px solid #000"></div>`;
    }
    case 'rect':
      return '';
  }
}

/** A code's value: the bound field's, else the fixed text (with its placeholders filled). */
const codeValue = (e: { field?: string; value?: string }, data: PrintRecord) =>
  e.field ? formatValue(valueAt(data, e.field)) : fillText(e.value ?? '', data);

export const elementHtml = (e: PrintElement, data: PrintRecord) =>
  `<div class="lp-el lp-${e.kind}" data-element="${escapeHtml(e.id)}" style="${boxStyle(e)}">${elementContent(e, data)}</div>`;

/** One sheet for one record. */
export function pageHtml(sheet: PrintSheet, data: PrintRecord): string {
  const { width, height } = sheetSize(sheet);
  const padding = [sheet.marginTop, sheet.marginRight, sheet.marginBottom, sheet.marginLeft]
    .map(mm)
    .join(' ');
  const elements = sheet.template.elements.map((e) => elementHtml(e, data)).join('');
  return `<div class="lp-page" style="width:${mm(width)};height:${mm(height)};padding:${padding}"><div class="lp-area">${elements}</div></div>`;
}

/** Fonts with CJK coverage first on each platform, so Chinese, Japanese and Korean print. */
const FONTS = `system-ui, "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans", sans-serif`;

/** The sheet's styles, shared by the print document and the designer canvas. */
export const SHEET_CSS = `
.lp-page { position: relative; box-sizing: border-box; overflow: hidden; background: #fff; color: #000;
  font-family: ${FONTS}; font-size: 10pt; line-height: 1.3; }
.lp-area { position: relative; width: 100%; height: 100%; }
.lp-el { position: absolute; box-sizing: border-box; overflow: hidden; white-space: pre-wrap; word-break: break-word; }
.lp-table { overflow: visible; white-space: normal; }
.lp-el table { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: inherit; }
.lp-el th, .lp-el td { border: 1px solid #000; padding: 0.4mm 1mm; text-align: inherit; vertical-align: top; overflow: hidden; }
.lp-el thead { display: table-header-group; }
.lp-el tr { break-inside: avoid; }
.lp-el svg, .lp-el img { display: block; width: 100%; height: 100%; object-fit: contain; }
.lp-label { margin-right: 1mm; }
.lp-line-top { position: absolute; left: 0; right: 0; top: 50%; }
.lp-line-left { position: absolute; top: 0; bottom: 0; left: 50%; }
`;

/**
 * A whole document: one sheet per record (one empty sheet when there is none). The sheet carries
 * its margins as padding and `@page` has none, so the preview, the print and the PDF lay out alike.
 */
export function printDocumentHtml(
  sheet: PrintSheet,
  records: readonly PrintRecord[],
  lang: string,
  title: string,
) {
  const { width, height } = sheetSize(sheet);
  const pages = (records.length ? records : [{}]).map((r) => pageHtml(sheet, r)).join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
@page { size: ${mm(width)} ${mm(height)}; margin: 0; }
html, body { margin: 0; padding: 0; }
${SHEET_CSS}
.lp-page { break-after: page; }
.lp-page:last-child { break-after: auto; }
@media screen {
  body { background: #e9e9e9; padding: 12px 0; }
  .lp-page { margin: 0 auto 12px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3); }
}
</style>
</head>
<body>
${pages}
</body>
</html>`;
}
