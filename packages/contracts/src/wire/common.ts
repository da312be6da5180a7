import { Type, type TArray, type TObject, type TProperties, type TUnknown } from 'typebox';
import { ID_PATTERN } from './id.js';

/**
 * Reusable request pieces. Ids are 64-bit decimal strings (numbers are coerced); the pattern holds
 * the upper bound, so 9999999999999999999 is a 400 here and never reaches a bigint column.
 */
export const Id = Type.String({ pattern: ID_PATTERN, description: '64-bit id as a string (1 to 2^63 - 1)' });
/**
 * A calendar day, YYYY-MM-DD. The `date` format is the server's (platform/http/formats.ts): it
 * refuses days that do not exist (2001-02-29) and years PostgreSQL cannot store, where a pattern
 * would let them through.
 */
export const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const IdInput = Type.Object({ id: Id }, { additionalProperties: false });
export const StatusValue = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '1 enabled, 2 disabled',
});
export const StatusInput = Type.Object({ id: Id, status: StatusValue }, { additionalProperties: false });
export const Nothing = Type.Null();
/** A GET without query parameters: any sent are dropped, like undeclared body fields. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** `T` or null. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/**
 * A tree node schema nested `depth` levels deep; deeper levels serialise as plain JSON. Explicit
 * levels keep the fast serialiser and a readable OpenAPI document without recursive references.
 */
export function treeOf<F extends TProperties>(fields: F, depth: number) {
  let node: TObject = Type.Object({ ...fields, children: Type.Array(Type.Unknown()) });
  for (let level = 0; level < depth; level++) node = Type.Object({ ...fields, children: Type.Array(node) });
  return node as TObject<F & { children: TArray<TUnknown> }>;
}
