import type {
  AddCodeGenInput,
  CodeGenConfigRow,
  CodeGenPageInput,
  CodeGenRow,
  ColumnRow,
  DatabaseRow,
  GeneratedFileRow,
  PageResult,
  RunLocalResult,
  TableRow,
  UpdateCodeGenConfigInput,
  UpdateCodeGenInput,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { downloadAndSave } from '../../../shared/api/download';

/** The code generator's calls; the wire types are those of @lintel/contracts (wire/code-gen.ts). */

export type GenerateType = AddCodeGenInput['generateType'];
export type CodeGenConfigInput = UpdateCodeGenConfigInput[number];
export type EffectType = CodeGenConfigInput['effectType'];
export type QueryType = CodeGenConfigInput['queryType'];
export type YesNo = CodeGenConfigRow['whetherRequired'];

/** The form controls a column can have (wire EFFECT_TYPES). */
export const EFFECT_TYPES = [
  'Input',
  'InputTextArea',
  'InputNumber',
  'Switch',
  'DatePicker',
  'DateTimePicker',
  'DictSelector',
] as const satisfies readonly EffectType[];
/** How a search field matches (wire QUERY_TYPES). */
export const QUERY_TYPES = [
  '==',
  'like',
  '>',
  '>=',
  '<',
  '<=',
  'between',
] as const satisfies readonly QueryType[];

/** The search of the list (the page and its size come from the list kit). */
export type CodeGenFilter = Pick<CodeGenPageInput, 'tableName' | 'busName'>;

/** A node of GET /api/sysMenu/list, as far as the parent menu choice reads it. */
export interface MenuDirNode {
  id: string;
  key: string | null;
  type: number;
  name: string | null;
  title: string;
  children?: MenuDirNode[] | null;
}

/** The menu type of a directory (SPEC 3). */
export const MENU_DIR = 1;

/**
 * The registry key of a menu row as a page's parent (`menuPid`): the seed stores registry menus as
 * `menu:<key>`; a menu added by hand has none and cannot be a parent of generated pages.
 */
export const registryKey = (node: Pick<MenuDirNode, 'key'>): string | null =>
  node.key?.startsWith('menu:') ? node.key.slice('menu:'.length) : null;

/** The top-level directories of the registry: where the code generator puts a page. */
export const parentDirectories = (tree: readonly MenuDirNode[]) =>
  tree.filter((node) => node.type === MENU_DIR && registryKey(node) !== null);

export const codeGenKeys = {
  all: ['sysCodeGen'] as const,
  databases: () => ['sysCodeGen', 'databases'] as const,
  tables: (configId: string) => ['sysCodeGen', 'tables', configId] as const,
  configs: (id: string) => ['sysCodeGen', 'configs', id] as const,
  preview: (id: string) => ['sysCodeGen', 'preview', id] as const,
  menus: () => ['sysCodeGen', 'menus'] as const,
};

const post = <T>(path: string, body: unknown) =>
  request<T>(`/api/sysCodeGen/${path}`, { method: 'POST', body });

export const pageCodeGens = (q: CodeGenPageInput) => post<PageResult<CodeGenRow>>('page', q);
export const codeGenDetail = (id: string) => request<CodeGenRow>('/api/sysCodeGen/detail', { query: { id } });
export const addCodeGen = (body: AddCodeGenInput) => post<string>('add', body);
export const updateCodeGen = (body: UpdateCodeGenInput) => post<null>('update', body);
export const deleteCodeGens = (ids: string[]) =>
  post<null>(
    'delete',
    ids.map((id) => ({ id })),
  );
export const syncFields = (id: string) => post<null>('syncField', { id });
export const previewFiles = (id: string) => post<GeneratedFileRow[]>('preview', { id });
export const runLocal = (id: string) => post<RunLocalResult>('runLocal', { id });
export const downloadZip = (row: CodeGenRow) =>
  downloadAndSave('/api/sysCodeGen/download', {
    method: 'POST',
    body: { id: row.id },
    fallbackName: `${row.tableName}.zip`,
  });

export const listCodeGenDatabases = () => request<DatabaseRow[]>('/api/sysCodeGen/databaseList');
export const listCodeGenTables = (configId: string) =>
  request<TableRow[]>(`/api/sysCodeGen/tableList/${encodeURIComponent(configId)}`);
export const listCodeGenColumns = (configId: string, tableName: string) =>
  request<ColumnRow[]>(
    `/api/sysCodeGen/columnListByTableName/${encodeURIComponent(tableName)}/${encodeURIComponent(configId)}`,
  );

export const listColumnConfigs = (codeGenId: string) =>
  request<CodeGenConfigRow[]>('/api/sysCodeGenConfig/list', { query: { codeGenId } });
export const updateColumnConfigs = (rows: UpdateCodeGenConfigInput) =>
  request<null>('/api/sysCodeGenConfig/update', { method: 'POST', body: rows });

export const listMenuTree = () => request<MenuDirNode[]>('/api/sysMenu/list');

/** PascalCase of a snake_case table name (`biz_book` → `BizBook`): the class name it suggests. */
export const pascalCase = (tableName: string) =>
  tableName
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
