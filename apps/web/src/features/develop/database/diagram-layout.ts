import type { Edge, Node } from '@xyflow/react';
import type { VisualDbTable } from '@lintel/contracts';
import { isProductTable } from './database-api';

export interface DiagramColumn {
  name: string;
  dataType: string;
  isPrimarykey: boolean;
  description: string | null;
}

export interface TableNodeData extends Record<string, unknown> {
  name: string;
  comment: string | null;
  columns: DiagramColumn[];
}

export type TableNode = Node<TableNodeData, 'table'>;

/** The node box (px): its width, the header, one line per column, and the gaps between boxes. */
export const NODE_WIDTH = 260;
export const HEADER_HEIGHT = 40;
export const COLUMN_HEIGHT = 24;
const GAP_X = 90;
const GAP_Y = 60;
const MAX_COLUMNS = 12;
/** Width to height of the drawing the layout aims at (the diagram area is about that shape). */
const ASPECT = 2;

/** PostgreSQL's long type names, shortened for a box (`character varying(64)` → `varchar(64)`). */
export function shortTypeName(dataType: string): string {
  return dataType
    .replace(/^character varying/, 'varchar')
    .replace(/^timestamp with time zone/, 'timestamptz')
    .replace(/^timestamp without time zone/, 'timestamp')
    .replace(/^time with time zone/, 'timetz')
    .replace(/^time without time zone/, 'time')
    .replace(/^character\b/, 'char')
    .replace(/^double precision/, 'float8');
}

export const nodeHeight = (columns: number) => HEADER_HEIGHT + columns * COLUMN_HEIGHT + 8;

/** Source and target handles of a column (a foreign key leaves on the right, arrives on the left). */
export const sourceHandle = (column: string) => `s-${column}`;
export const targetHandle = (column: string) => `t-${column}`;

/**
 * The tables in drawing order: groups of tables linked by foreign keys (largest first), each walked
 * from its first table by name through its relations, so related tables sit near each other; tables
 * without relations follow by name.
 */
export function drawingOrder(names: readonly string[], links: readonly [string, string][]): string[] {
  const sorted = [...names].sort();
  const neighbours = new Map<string, Set<string>>(sorted.map((n) => [n, new Set<string>()]));
  for (const [a, b] of links) {
    if (a === b || !neighbours.has(a) || !neighbours.has(b)) continue;
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const start of sorted) {
    if (seen.has(start)) continue;
    const group: string[] = [];
    const queue = [start];
    seen.add(start);
    while (queue.length) {
      const name = queue.shift()!;
      group.push(name);
      for (const next of [...neighbours.get(name)!].sort()) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    groups.push(group);
  }
  // Stable sort: equal sizes keep their order by first name.
  return groups.sort((a, b) => b.length - a.length).flat();
}

/**
 * The diagram of a database: a node per table listing its columns, an edge per foreign key between
 * the two columns, laid out in columns of boxes (each box under the shortest column) so that nothing
 * overlaps.
 * Product tables are left out unless asked for, and so are the edges that lead to them.
 */
export function buildDiagram(
  data: VisualDbTable,
  { productTables }: { productTables: boolean },
): { nodes: TableNode[]; edges: Edge[] } {
  const tables = data.visualTableList.filter((table) => productTables || !isProductTable(table.tableName));
  const shown = new Set(tables.map((table) => table.tableName));
  const columns = new Map<string, DiagramColumn[]>();
  for (const c of data.visualColumnList) {
    if (!shown.has(c.tableName)) continue;
    const list = columns.get(c.tableName) ?? [];
    list.push({
      name: c.columnName,
      dataType: shortTypeName(c.dataType),
      isPrimarykey: c.isPrimarykey,
      description: c.columnDescription,
    });
    columns.set(c.tableName, list);
  }
  const relations = data.columnRelationList.filter(
    (r) => shown.has(r.sourceTableName) && shown.has(r.targetTableName),
  );
  const order = drawingOrder(
    [...shown],
    relations.map((r) => [r.sourceTableName, r.targetTableName]),
  );
  const comment = new Map(tables.map((table) => [table.tableName, table.tableComment]));

  // Boxes are taller than wide: about twice as many a row as rows keeps the whole roughly as wide as high.
  // Columns of boxes, each box going to the shortest column (tall tables leave no gaps beside
  // them); as many columns as make the whole about twice as wide as high, like the drawing area.
  const heights = order.map((name) => nodeHeight(columns.get(name)?.length ?? 0) + GAP_Y);
  const total = heights.reduce((sum, h) => sum + h, 0);
  const count = Math.min(
    MAX_COLUMNS,
    order.length,
    Math.max(1, Math.round(Math.sqrt((ASPECT * total) / (NODE_WIDTH + GAP_X)))),
  );
  const bottoms = Array.from({ length: count }, () => 0);
  const nodes: TableNode[] = order.map((name, i) => {
    const column = bottoms.indexOf(Math.min(...bottoms));
    const position = { x: column * (NODE_WIDTH + GAP_X), y: bottoms[column]! };
    bottoms[column]! += heights[i]!;
    return {
      id: name,
      type: 'table',
      position,
      data: { name, comment: comment.get(name) ?? null, columns: columns.get(name) ?? [] },
    };
  });

  const edges: Edge[] = relations.map((r) => ({
    id: `${r.name}:${r.sourceTableName}.${r.sourceColumnName}`,
    source: r.sourceTableName,
    sourceHandle: sourceHandle(r.sourceColumnName),
    target: r.targetTableName,
    targetHandle: targetHandle(r.targetColumnName),
    type: 'smoothstep',
    ariaLabel: `${r.sourceTableName}.${r.sourceColumnName} → ${r.targetTableName}.${r.targetColumnName}`,
  }));
  return { nodes, edges };
}
