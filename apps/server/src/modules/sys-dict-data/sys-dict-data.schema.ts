import { Type } from 'typebox';
import { PageInputFields, PageOf } from '../../platform/http/paging.js';
import { Id, StatusValue } from '../../platform/http/schemas.js';
import { DICT_CODE, DictItem, Text } from '../sys-dict-type/sys-dict-type.schema.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** Tag colours of the dict widget; empty for none. */
export const TagType = Type.Union(
  ['', 'success', 'warning', 'info', 'primary', 'danger'].map((v) => Type.Literal(v)),
  { description: "success, warning, info, primary, danger, or '' for none" },
);

const DictDataFields = {
  dictTypeId: Id,
  label: Text({ minLength: 1, maxLength: 128 }),
  value: Text({ minLength: 1, maxLength: 128 }),
  code: Type.Optional(Text({ maxLength: 64 })),
  name: Type.Optional(Text({ maxLength: 128 })),
  tagType: Type.Optional(TagType),
  styleSetting: Type.Optional(Text({ maxLength: 512 })),
  classSetting: Type.Optional(Text({ maxLength: 512 })),
  extData: Type.Optional(Text({ maxLength: 10_000 })),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Text({ maxLength: 256 })),
  status: Type.Optional(StatusValue),
};

export const AddDictDataBody = Type.Object(DictDataFields, { additionalProperties: false });

export const UpdateDictDataBody = Type.Object({ id: Id, ...DictDataFields }, { additionalProperties: false });

export const PageDictDataBody = Type.Object(
  {
    ...PageInputFields,
    dictTypeId: Id,
    label: Type.Optional(Text({ maxLength: 128, description: 'Contains, case-insensitive' })),
    value: Type.Optional(Text({ maxLength: 128, description: 'Contains, case-insensitive' })),
    code: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
    status: Type.Optional(StatusValue),
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object({ DictTypeId: Id }, { additionalProperties: false });

export const DetailQuery = Type.Object({ Id: Id }, { additionalProperties: false });

export const CodeParams = Type.Object(
  { code: Type.String({ ...DICT_CODE, description: 'Dictionary type code' }) },
  { additionalProperties: false },
);

/** An item as the management screen shows it: the widget fields plus the remark and audit. */
export const DictDataOutput = Type.Object({
  ...DictItem.properties,
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
  createUserId: Nullable(Type.String()),
  createUserName: Nullable(Type.String()),
  updateUserId: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
});

export const DictDataPage = PageOf(DictDataOutput);

export { DictItem };
