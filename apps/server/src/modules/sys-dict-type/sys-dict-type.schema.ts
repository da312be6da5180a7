import { Type } from 'typebox';
import { DICT_CODE, DictItem } from '@lintel/contracts/wire';
import { Id, StatusValue } from '../../platform/http/schemas.js';

/** The wire of the dictionaries lives in @lintel/contracts (wire/dict.ts), shared with the web app. */
export {
  AddDictTypeBody,
  DICT_CODE,
  DictCode,
  DictItem,
  DictTypeOutput,
  DictTypePage,
  PageDictTypeBody,
  Text,
  UpdateDictTypeBody,
} from '@lintel/contracts/wire';

export { NoQuery } from '../../platform/http/schemas.js';

export const DataListQuery = Type.Object(
  { Code: Type.String({ ...DICT_CODE, description: 'Dictionary type code' }) },
  { additionalProperties: false },
);

export const DetailQuery = Type.Object(
  { Id: Id, Status: Type.Optional(StatusValue) },
  { additionalProperties: false },
);

export const AllDictList = Type.Record(Type.String(), Type.Array(DictItem), {
  description: 'Enabled items of every enabled dictionary type, keyed by type code',
});
