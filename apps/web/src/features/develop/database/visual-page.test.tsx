import type { DatabaseRow, PermissionCode, VisualDbTable } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { buildDiagram, drawingOrder, nodeHeight, NODE_WIDTH, shortTypeName } from './diagram-layout';
import VisualPage from './visual-page';

const relation = (source: string, column: string, target: string) => ({
  name: `${source}_${column}_fkey`,
  sourceTableName: source,
  sourceColumnName: column,
  targetTableName: target,
  targetColumnName: 'id',
});
const col = (tableName: string, columnName: string, isPrimarykey = false) => ({
  tableName,
  columnName,
  dataType: isPrimarykey ? 'bigint' : 'character varying(64)',
  isPrimarykey,
  columnDescription: null,
});
const DATA: VisualDbTable = {
  visualTableList: [
    { tableName: 'biz_book', tableComment: '图书', columnCount: 3 },
    { tableName: 'biz_author', tableComment: '作者', columnCount: 2 },
    { tableName: 'biz_note', tableComment: null, columnCount: 1 },
    { tableName: 'sys_tenant', tableComment: '租户', columnCount: 1 },
  ],
  visualColumnList: [
    col('biz_book', 'id', true),
    col('biz_book', 'author_id'),
    col('biz_book', 'tenant_id'),
    col('biz_author', 'id', true),
    col('biz_author', 'name'),
    col('biz_note', 'id', true),
    col('sys_tenant', 'id', true),
  ],
  columnRelationList: [
    relation('biz_book', 'author_id', 'biz_author'),
    relation('biz_book', 'tenant_id', 'sys_tenant'),
  ],
};
const DATABASES: DatabaseRow[] = [
  { configId: '1300000000001', name: 'main', dbType: 'PGlite', location: 'main' },
];
const APIS: PermissionCode[] = ['sysDatabase:list', 'sysDatabase:visualDbTable'];

beforeEach(() => {
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: APIS })),
    'GET /api/sysDatabase/list': () => json(DATABASES),
    'GET /api/sysDatabase/visualDbTable': () => json(DATA),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('database diagram page', () => {
  it('draws the own tables with their columns, and the product tables on request', async () => {
    await renderPage(<VisualPage />);
    expect(await screen.findByText('biz_book')).toBeTruthy();
    expect(screen.getByText('作者')).toBeTruthy();
    expect(screen.getByText('author_id')).toBeTruthy();
    expect(screen.getByText('Tables: 3, foreign keys: 1')).toBeTruthy();
    expect(screen.queryByText('sys_tenant')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show product tables' }));
    expect(await screen.findByText('sys_tenant')).toBeTruthy();
    expect(screen.getByText('Tables: 4, foreign keys: 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeTruthy();
  });

  it('says when a database holds product tables only', async () => {
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: APIS })),
      'GET /api/sysDatabase/list': () => json(DATABASES),
      'GET /api/sysDatabase/visualDbTable': () =>
        json({ ...DATA, visualTableList: DATA.visualTableList.filter((t) => t.tableName === 'sys_tenant') }),
    });
    await renderPage(<VisualPage />);
    await waitFor(() => expect(screen.getByText(/Only product tables here \(1\)/)).toBeTruthy());
  });
});

describe('diagram layout', () => {
  it('shortens PostgreSQL type names for the boxes', () => {
    expect(shortTypeName('character varying(64)')).toBe('varchar(64)');
    expect(shortTypeName('timestamp with time zone')).toBe('timestamptz');
    expect(shortTypeName('character(2)')).toBe('char(2)');
    expect(shortTypeName('numeric(10,2)')).toBe('numeric(10,2)');
  });

  it('puts related tables next to each other, then the others by name', () => {
    expect(
      drawingOrder(
        ['c', 'a', 'z', 'b', 'y'],
        [
          ['z', 'y'],
          ['y', 'b'],
        ],
      ),
    ).toEqual(['b', 'y', 'z', 'a', 'c']);
  });

  it('lays the tables out in columns where no two boxes overlap, with an edge per shown foreign key', () => {
    const many: VisualDbTable = {
      visualTableList: Array.from({ length: 11 }, (_, i) => ({
        tableName: `t_${String(i).padStart(2, '0')}`,
        tableComment: null,
        columnCount: i,
      })),
      visualColumnList: Array.from({ length: 11 }, (_, i) =>
        Array.from({ length: i + 1 }, (_, c) => col(`t_${String(i).padStart(2, '0')}`, `c${c}`, c === 0)),
      ).flat(),
      columnRelationList: [relation('t_03', 'c1', 't_07'), relation('t_03', 'c2', 'sys_tenant')],
    };
    const { nodes, edges } = buildDiagram(many, { productTables: false });
    expect(nodes).toHaveLength(11);
    const boxes = nodes.map((n) => ({
      x: n.position.x,
      y: n.position.y,
      w: NODE_WIDTH,
      h: nodeHeight(n.data.columns.length),
    }));
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
    // The edge to a hidden product table is left out.
    expect(edges).toEqual([
      expect.objectContaining({ source: 't_03', sourceHandle: 's-c1', target: 't_07', targetHandle: 't-id' }),
    ]);
    // Several columns, the whole about twice as wide as high.
    const right = Math.max(...boxes.map((b) => b.x + b.w));
    const bottom = Math.max(...boxes.map((b) => b.y + b.h));
    expect(new Set(boxes.map((b) => b.x)).size).toBeGreaterThan(2);
    expect(right / bottom).toBeGreaterThan(1);
    expect(right / bottom).toBeLessThan(4);
    expect(nodes.find((n) => n.id === 't_03')!.data.columns[1]).toMatchObject({ dataType: 'varchar(64)' });
  });
});
