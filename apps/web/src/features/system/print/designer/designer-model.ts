import type { PrintElement, PrintElementKind, PrintInput, PrintPaper } from '@lintel/contracts';
import { sheetSize } from '../../../../shared/print/print-render';

/** What the designer edits: a template as the server takes it. */
export type Draft = PrintInput;

/** The portrait size of a named paper (the receipt's height is the user's). */
export const PAPER_SIZES: Record<Exclude<PrintPaper, 'custom'>, { width: number; height?: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  receipt80: { width: 80 },
};

export const ELEMENT_KINDS: PrintElementKind[] = [
  'text',
  'field',
  'table',
  'barcode',
  'qrcode',
  'image',
  'line',
  'rect',
];

/** The lists a template can be for (the two list pages that print with templates); others may be typed. */
export const BIZ_TYPES = ['sysUser', 'sysPos'];

/** Sample data each list's rows resemble, for the preview of a new template. */
export const SAMPLE_DATA: Record<string, object> = {
  sysUser: {
    account: 'zhangsan',
    realName: '张三',
    phone: '13800000000',
    email: 'zhangsan@example.com',
    orgName: '研发部',
    posName: '工程师',
    status: 1,
    createTime: '2026-11-01T08:00:00+08:00',
    roles: [
      { name: '管理员', code: 'admin' },
      { name: 'Staff', code: 'staff' },
    ],
  },
  sysPos: {
    name: '工程师',
    code: 'engineer',
    staffCount: 3,
    orderNo: 1,
    remark: 'R&D',
    createTime: '2026-11-01',
  },
};

export function emptyDraft(bizType = 'sysUser'): Draft {
  return {
    name: '',
    bizType,
    paper: 'A4',
    width: 210,
    height: 297,
    orientation: 'portrait',
    marginTop: 10,
    marginRight: 10,
    marginBottom: 10,
    marginLeft: 10,
    orderNo: 100,
    status: 1,
    remark: null,
    template: { elements: [] },
  };
}

let counter = 0;
/** An element id unique in the template (the designer selects by it). */
export function newId(taken: readonly PrintElement[]): string {
  const ids = new Set(taken.map((e) => e.id));
  let id: string;
  do id = `e${Date.now().toString(36)}${(counter++).toString(36)}`;
  while (ids.has(id));
  return id;
}

/** A new element of a kind with sensible defaults, placed at (x, y) mm. */
export function newElement(kind: PrintElementKind, id: string, x: number, y: number): PrintElement {
  const at = { id, x, y };
  switch (kind) {
    case 'text':
      return { kind, ...at, w: 60, h: 8, text: 'Text', fontSize: 11 };
    case 'field':
      return { kind, ...at, w: 60, h: 8, field: 'name', format: 'text', fontSize: 11 };
    case 'table':
      return {
        kind,
        ...at,
        w: 120,
        h: 16,
        field: 'items',
        columns: [{ title: 'Name', field: 'name', width: 60 }],
      };
    case 'barcode':
      return { kind, ...at, w: 60, h: 16, value: '123456789', showText: true };
    case 'qrcode':
      return { kind, ...at, w: 25, h: 25, value: 'https://example.com' };
    case 'image':
      return { kind, ...at, w: 30, h: 30, src: '/favicon.svg' };
    case 'line':
      return { kind, ...at, w: 100, h: 2, border: 1 };
    case 'rect':
      return { kind, ...at, w: 60, h: 30, border: 1 };
  }
}

export const snap = (value: number, grid: number) => Math.round(value / grid) * grid;

/** The area inside the margins, in mm, where elements live. */
export function contentArea(draft: Draft) {
  const { width, height } = sheetSize(draft);
  return {
    width: Math.max(1, width - draft.marginLeft - draft.marginRight),
    height: Math.max(1, height - draft.marginTop - draft.marginBottom),
  };
}

/** Keeps a box on the sheet: never left or above the area, never wider or taller than it. */
export function keepInside<E extends PrintElement>(e: E, area: { width: number; height: number }): E {
  const w = Math.min(Math.max(1, e.w), area.width);
  const h = Math.min(Math.max(1, e.h), area.height);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    ...e,
    w: round(w),
    h: round(h),
    x: round(Math.min(Math.max(0, e.x), area.width - w)),
    y: round(Math.min(Math.max(0, e.y), area.height - h)),
  };
}

/** A draft with a paper chosen: named papers take their size. */
export function withPaper(draft: Draft, paper: PrintPaper): Draft {
  const fixed = paper === 'custom' ? undefined : PAPER_SIZES[paper];
  return { ...draft, paper, width: fixed?.width ?? draft.width, height: fixed?.height ?? draft.height };
}
