import { FIELD_CATALOG, type GuardedTable } from '@lintel/contracts';

/**
 * The catalog of fields a field blacklist may hide lives in @lintel/contracts (the web app and its
 * tests walk it too). A route that returns or accepts rows of one of its tables names the table in
 * `config.table`; the field guard does the rest (field-guard.ts).
 */
export { FIELD_CATALOG, type GuardedTable };

/** Whether a client-named table and column are in the catalog (own keys only: not `constructor`). */
export const isGuardedColumn = (table: string, column: string): boolean =>
  Object.hasOwn(FIELD_CATALOG, table) && FIELD_CATALOG[table as GuardedTable].includes(column as never);

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object';
const isArraySchema = (schema: unknown): boolean =>
  isSchema(schema) &&
  (schema.type === 'array' || (Array.isArray(schema.anyOf) && schema.anyOf.some(isArraySchema)));

/**
 * The schema of a result with the hideable fields of its rows optional, walked the way the field
 * guard strips an answer (stripFields): arrays, pages (`items`), rows and the rows in their arrays
 * (tree `children`, affiliated organisations), and each branch of a union (a nullable detail).
 * Copies: schemas shared with other routes stay as they are.
 */
function optionalRows(schema: unknown, hideable: ReadonlySet<string>): unknown {
  if (!isSchema(schema)) return schema;
  if (Array.isArray(schema.anyOf))
    return { ...schema, anyOf: schema.anyOf.map((branch) => optionalRows(branch, hideable)) };
  if (schema.type === 'array') return { ...schema, items: optionalRows(schema.items, hideable) };
  if (schema.type !== 'object' || !isSchema(schema.properties)) return schema;
  const properties = schema.properties;
  if (isSchema(properties.items) && properties.items.type === 'array')
    return { ...schema, properties: { ...properties, items: optionalRows(properties.items, hideable) } };
  return {
    ...schema,
    required: Array.isArray(schema.required)
      ? (schema.required as string[]).filter((field) => !hideable.has(field))
      : schema.required,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        isArraySchema(property) ? optionalRows(property, hideable) : property,
      ]),
    ),
  };
}

/**
 * A response schema (the wrapper of http/result.ts) whose result rows may lack the table's hideable
 * fields: the field guard removes a principal's hidden fields after the handler, and the serializer
 * would otherwise refuse the answer ("phone" is required) with a 500. Handlers keep their full types;
 * only the wire may omit the fields.
 */
export function withHideableOptional(response: unknown, table: GuardedTable): unknown {
  if (!isSchema(response) || !isSchema(response.properties) || !('result' in response.properties))
    return response;
  const hideable = new Set<string>(FIELD_CATALOG[table]);
  return {
    ...response,
    properties: { ...response.properties, result: optionalRows(response.properties.result, hideable) },
  };
}
