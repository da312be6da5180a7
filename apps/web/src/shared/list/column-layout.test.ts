import { describe, expect, it } from 'vitest';
import {
  applyLayout,
  cellText,
  defaultLayout,
  mergeLayout,
  moveColumn,
  updateColumn,
  type KitColumn,
} from './column-layout';
import { PAGE_SIZES, scrollWidth, shouldVirtualize } from './grid';

interface Row {
  a: string;
  b: number | null;
  c: { d: string };
}
const columns: KitColumn<Row>[] = [
  { key: 'a', title: 'A', dataIndex: 'a', fixed: 'left', width: 100 },
  { key: 'b', title: 'B', dataIndex: 'b' },
  { key: 'c', title: 'C', dataIndex: ['c', 'd'], width: 80 },
  { key: 'actions', title: 'Actions', fixed: 'right', exportable: false, width: 120 },
];
const keys = (layout: { key: string }[]) => layout.map((p) => p.key);

describe('column layout', () => {
  it('starts from the declared columns, all visible and fixed as declared', () => {
    expect(defaultLayout(columns)).toEqual([
      { key: 'a', visible: true, fixed: 'left' },
      { key: 'b', visible: true, fixed: null },
      { key: 'c', visible: true, fixed: null },
      { key: 'actions', visible: true, fixed: 'right' },
    ]);
  });

  it('keeps a saved order, drops columns that are gone and inserts new ones where declared', () => {
    const saved = {
      v: 1,
      columns: [
        { key: 'a', visible: true, fixed: 'left' },
        { key: 'c', visible: false, fixed: null },
        { key: 'gone', visible: true, fixed: null },
        { key: 'actions', visible: true, fixed: 'right' },
      ],
    };
    const merged = mergeLayout(columns, saved);
    expect(keys(merged)).toEqual(['a', 'b', 'c', 'actions']);
    expect(merged.find((p) => p.key === 'c')!.visible).toBe(false);
    expect(merged.find((p) => p.key === 'b')!.visible).toBe(true);
  });

  it('ignores a stored value it cannot read', () => {
    for (const bad of [null, 'x', { v: 2, columns: [] }, { v: 1, columns: [{ key: 1 }] }, { v: 1 }]) {
      expect(mergeLayout(columns, bad)).toEqual(defaultLayout(columns));
    }
  });

  it('moves columns within their group and keeps fixed ones at the edges', () => {
    const layout = defaultLayout(columns);
    expect(keys(moveColumn(layout, 2, 1))).toEqual(['a', 'c', 'b', 'actions']);
    // A scrolling column cannot pass the column fixed on the left.
    expect(keys(moveColumn(layout, 1, 0))).toEqual(['a', 'b', 'c', 'actions']);
    expect(keys(moveColumn(layout, 0, 9))).toEqual(['a', 'b', 'c', 'actions']);
    // Fixing a column right moves it to the right edge.
    expect(keys(updateColumn(layout, 'b', { fixed: 'right' }))).toEqual(['a', 'c', 'b', 'actions']);
  });

  it('applies a layout: hidden columns out, order and fixing as arranged', () => {
    let layout = updateColumn(defaultLayout(columns), 'a', { fixed: null });
    layout = updateColumn(layout, 'b', { visible: false });
    layout = moveColumn(layout, 2, 0);
    const shown = applyLayout(columns, layout);
    expect(shown.map((c) => [c.key, c.fixed])).toEqual([
      ['c', undefined],
      ['a', undefined],
      ['actions', 'right'],
    ]);
  });

  it('reads cell text from the column, nested data indexes included', () => {
    const row: Row = { a: 'x', b: null, c: { d: 'deep' } };
    expect(cellText(columns[0]!, row)).toBe('x');
    expect(cellText(columns[1]!, row)).toBe('');
    expect(cellText(columns[2]!, row)).toBe('deep');
    expect(cellText({ ...columns[0]!, text: (r) => r.a.toUpperCase() }, row)).toBe('X');
  });
});

describe('data grid constants (SPEC 9)', () => {
  it('scrolls virtually beyond 30 columns or 50 rows', () => {
    expect(shouldVirtualize(30, 50)).toBe(false);
    expect(shouldVirtualize(31, 1)).toBe(true);
    expect(shouldVirtualize(1, 51)).toBe(true);
    expect(shouldVirtualize(0, 0)).toBe(false);
  });

  it('offers the page sizes of the spec', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100, 200, 500]);
  });

  it('sums column widths for the horizontal scroll, with a default width and the checkbox column', () => {
    expect(scrollWidth(columns)).toBe(100 + 150 + 80 + 120);
    expect(scrollWidth(columns, true)).toBe(100 + 150 + 80 + 120 + 48);
  });
});
