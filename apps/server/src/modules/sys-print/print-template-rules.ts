import type { PrintElement, PrintRequest, PrintTemplateDoc } from '@lintel/contracts';
import { PrintElementKinds } from '@lintel/contracts/wire';
import { Value } from 'typebox/value';
import { badRequest } from '../../platform/http/errors.js';

/**
 * What the request schema cannot say about a template, and the clean-up of its texts. The schema has
 * bounded every field and size; here: each element holds exactly the fields of its kind (the
 * request schema has every kind's fields side by side), element ids are unique (the designer selects
 * by id), a barcode or QR code has something to encode, and texts lose control characters (they
 * reach the printed page and PDF; the renderer escapes HTML, so markup needs no stripping).
 */

// Control characters other than tab and line feed, and the bidirectional overrides (spoofing).
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const clean = (text: string) => text.replace(UNPRINTABLE, '');

/** The sheet sizes (portrait, mm) a named paper stands for. */
const FIXED: Partial<Record<PrintRequest['paper'], { width: number; height?: number }>> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  receipt80: { width: 80 },
};

function cleanElement(element: PrintElement): PrintElement {
  switch (element.kind) {
    case 'text':
      return { ...element, text: clean(element.text) };
    case 'field':
      return element.label === undefined ? element : { ...element, label: clean(element.label) };
    case 'table':
      return { ...element, columns: element.columns.map((c) => ({ ...c, title: clean(c.title) })) };
    case 'barcode':
    case 'qrcode': {
      const value = element.value === undefined ? undefined : clean(element.value);
      if (!element.field && !value) throw badRequest('print.codeEmpty', { id: element.id });
      return value === undefined ? element : { ...element, value };
    }
    default:
      return element;
  }
}

/** An element as the request schema let it through: any kind's fields. */
type LooseElement = { kind: PrintElement['kind']; id: string };

function ofItsKind(element: LooseElement): PrintElement {
  const schema = PrintElementKinds[element.kind];
  if (!Value.Check(schema, element))
    throw badRequest('print.badElement', { id: element.id, kind: element.kind });
  return element as PrintElement;
}

export function cleanTemplate(template: { elements: readonly LooseElement[] }): PrintTemplateDoc {
  const ids = new Set<string>();
  for (const element of template.elements) {
    if (ids.has(element.id)) throw badRequest('print.duplicateElement', { id: element.id });
    ids.add(element.id);
  }
  return { elements: template.elements.map((e) => cleanElement(ofItsKind(e))) };
}

/** The values a template row stores: names trimmed, texts cleaned, named papers at their size. */
export function templateValues(input: PrintRequest) {
  const name = clean(input.name).trim();
  if (!name) throw badRequest('print.emptyName');
  const fixed = FIXED[input.paper];
  return {
    name,
    bizType: input.bizType,
    template: JSON.stringify(cleanTemplate(input.template)),
    paper: input.paper,
    width: fixed?.width ?? input.width,
    height: fixed?.height ?? input.height,
    orientation: input.orientation,
    marginTop: input.marginTop,
    marginRight: input.marginRight,
    marginBottom: input.marginBottom,
    marginLeft: input.marginLeft,
    orderNo: input.orderNo ?? 100,
    status: input.status ?? 1,
    remark: input.remark == null ? null : clean(input.remark).trim() || null,
  };
}
