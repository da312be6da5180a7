import { Type } from 'typebox';

/** Reusable request pieces. Ids are 64-bit decimal strings (numbers are coerced). */
export const Id = Type.String({ pattern: '^[1-9][0-9]{0,18}$', description: '64-bit id as a string' });
export const IdInput = Type.Object({ id: Id }, { additionalProperties: false });
export const StatusValue = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '1 enabled, 2 disabled',
});
export const StatusInput = Type.Object({ id: Id, status: StatusValue }, { additionalProperties: false });
export const Nothing = Type.Null();
