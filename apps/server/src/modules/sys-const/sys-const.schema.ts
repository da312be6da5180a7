import { Type } from 'typebox';

/** The wire of the constants lives in @lintel/contracts (wire/dict.ts), shared with the web app. */
export { ConstItem, ConstType } from '@lintel/contracts/wire';

export { NoQuery } from '../../platform/http/schemas.js';

export const TypeNameParams = Type.Object(
  { typeName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }) },
  { additionalProperties: false },
);
