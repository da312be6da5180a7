import { Type } from 'typebox';
import { DICT_CODE } from '@lintel/contracts/wire';
import { Id } from '../../platform/http/schemas.js';

/** The wire of the dictionaries lives in @lintel/contracts (wire/dict.ts), shared with the web app. */
export {
  AddDictDataBody,
  DictDataOutput,
  DictDataPage,
  DictItem,
  PageDictDataBody,
  TagType,
  UpdateDictDataBody,
} from '@lintel/contracts/wire';

export const ListQuery = Type.Object({ DictTypeId: Id }, { additionalProperties: false });

export const DetailQuery = Type.Object({ Id: Id }, { additionalProperties: false });

export const CodeParams = Type.Object(
  { code: Type.String({ ...DICT_CODE, description: 'Dictionary type code' }) },
  { additionalProperties: false },
);
