import { Type, type Static } from 'typebox';
import { Id, IdInput } from './common.js';
import { ConfigId, SqlName } from './database.js';
import { PageInputFields } from './paging.js';

/**
 * The code generator's wire (apps/server modules/sys-code-gen) (Admin.NET's sysCodeGen and sysCodeGenConfig, camelCase). A code-gen
 * record names a table and how its module is built; one config row per column says how the column
 * appears in the list, the form and the search.
 */

/** Admin.NET's generate types: a zip to download, or the files written into this workspace. */
export const GENERATE_TYPES = ['100', '200'] as const;
/** The form controls a column can have (Admin.NET's effect types, for the controls we render). */
export const EFFECT_TYPES = [
  'Input',
  'InputTextArea',
  'InputNumber',
  'Switch',
  'DatePicker',
  'DateTimePicker',
  'DictSelector',
] as const;
/** How a search field matches (Admin.NET's query types). */
export const QUERY_TYPES = ['==', 'like', '>', '>=', '<', '<=', 'between'] as const;

const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
/** A PascalCase TypeScript name: the module's class, from which its folder and controller follow. */
const ClassName = Type.String({
  pattern: '^[A-Z][A-Za-z0-9]{1,47}$',
  description: 'PascalCase, e.g. BizBook',
});
/** The web feature area the page goes in (features/<nameSpace>/). */
const NameSpace = Type.String({ pattern: '^[a-z][a-z0-9-]{1,31}$', description: 'kebab-case web area' });

const CodeGenFields = {
  configId: ConfigId,
  tableName: SqlName,
  className: ClassName,
  busName: Type.String({ minLength: 1, maxLength: 64, description: 'Business name shown as the page title' }),
  nameSpace: NameSpace,
  authorName: Type.Optional(Text(64)),
  tableComment: Type.Optional(Text(256)),
  generateType: Type.Unsafe<(typeof GENERATE_TYPES)[number]>(Type.String({ enum: [...GENERATE_TYPES] })),
  /** The menu directory the page goes under (a directory's key in the menu registry). */
  menuPid: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,63}$', description: 'Parent menu key' }),
  menuIcon: Type.Optional(Text(64)),
};

export const AddCodeGenBody = Type.Object(CodeGenFields, { additionalProperties: false });
export type AddCodeGenInput = Static<typeof AddCodeGenBody>;
export const UpdateCodeGenBody = Type.Object({ id: Id, ...CodeGenFields }, { additionalProperties: false });
export type UpdateCodeGenInput = Static<typeof UpdateCodeGenBody>;
export const DeleteCodeGenBody = Type.Array(Type.Object({ id: Id }, { additionalProperties: false }), {
  minItems: 1,
  maxItems: 100,
});

export const CodeGenPageBody = Type.Object(
  {
    ...PageInputFields,
    tableName: Type.Optional(Type.String({ maxLength: 64 })),
    busName: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type CodeGenPageInput = Static<typeof CodeGenPageBody>;

export const CodeGenOutput = Type.Object({
  id: Id,
  configId: Type.String(),
  tableName: Type.String(),
  className: Type.String(),
  busName: Type.String(),
  nameSpace: Type.String(),
  authorName: Type.Union([Type.String(), Type.Null()]),
  tableComment: Type.Union([Type.String(), Type.Null()]),
  generateType: Type.String(),
  menuPid: Type.String(),
  menuIcon: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  updateTime: Type.Union([Type.String(), Type.Null()]),
});

export const CodeGenIdBody = IdInput;

/** One column's configuration. */
export const CodeGenConfigOutput = Type.Object({
  id: Id,
  codeGenId: Id,
  columnName: Type.String(),
  /** camelCase, as the row and the wire name the column. */
  propertyName: Type.String(),
  columnComment: Type.String({ description: 'The label in the list, the form and the search' }),
  /** The tools' column type (varchar, integer, ...), from the table. */
  dataType: Type.String(),
  columnLength: Type.Union([Type.Integer(), Type.Null()]),
  effectType: Type.String(),
  dictTypeCode: Type.Union([Type.String(), Type.Null()]),
  whetherRequired: YesNo,
  queryWhether: YesNo,
  queryType: Type.String(),
  whetherTable: YesNo,
  whetherAddUpdate: YesNo,
  /** 'Y' for the columns every table has (id, tenant, audit): never in the form. */
  whetherCommon: YesNo,
  orderNo: Type.Integer(),
});
export type CodeGenConfigRow = Static<typeof CodeGenConfigOutput>;

export const CodeGenConfigListQuery = Type.Object({ codeGenId: Id }, { additionalProperties: false });

export const UpdateCodeGenConfigBody = Type.Array(
  Type.Object(
    {
      id: Id,
      columnComment: Type.String({ minLength: 1, maxLength: 64 }),
      effectType: Type.Unsafe<(typeof EFFECT_TYPES)[number]>(Type.String({ enum: [...EFFECT_TYPES] })),
      dictTypeCode: Type.Optional(
        Type.Union([Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' }), Type.Null()]),
      ),
      whetherRequired: YesNo,
      queryWhether: YesNo,
      queryType: Type.Unsafe<(typeof QUERY_TYPES)[number]>(Type.String({ enum: [...QUERY_TYPES] })),
      whetherTable: YesNo,
      whetherAddUpdate: YesNo,
      orderNo: Type.Integer({ minimum: 0, maximum: 9999 }),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 200 },
);
export type UpdateCodeGenConfigInput = Static<typeof UpdateCodeGenConfigBody>;

/** A generated file: its path in the repository and its text. */
export const GeneratedFile = Type.Object({ path: Type.String(), content: Type.String() });

/** What runLocal wrote: every path, and the shared registries it changed. */
export const RunLocalOutput = Type.Object({
  written: Type.Array(Type.String()),
  registries: Type.Array(Type.String()),
});

export type CodeGenRow = Static<typeof CodeGenOutput>;
export type GeneratedFileRow = Static<typeof GeneratedFile>;
export type RunLocalResult = Static<typeof RunLocalOutput>;
