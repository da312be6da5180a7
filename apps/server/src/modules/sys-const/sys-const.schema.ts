import { Type } from 'typebox';

export const ConstItem = Type.Object({
  code: Type.String({ description: 'The key of the constant, e.g. Enable' }),
  name: Type.String({ description: 'Its name in the request language' }),
  value: Type.Union([Type.Integer(), Type.String()], { description: 'Its value on the wire' }),
});

export const ConstType = Type.Object({
  name: Type.String({ description: 'The type name in the request language' }),
  code: Type.String({ description: 'The type name, e.g. Status' }),
  data: Type.Array(ConstItem),
});

export { NoQuery } from '../../platform/http/schemas.js';

export const TypeNameParams = Type.Object(
  { typeName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }) },
  { additionalProperties: false },
);
