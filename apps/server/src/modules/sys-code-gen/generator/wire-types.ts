import type { FieldPlan } from './plan.js';

/**
 * How each field is written in the generated code: its TypeBox schema on the wire and its
 * TypeScript type in the Kysely table.
 */

/** The TypeBox schema of one value of the field (never null). */
export function valueSchema(field: FieldPlan, forInput: boolean): string {
  switch (field.wire) {
    case 'string': {
      const limits = [
        field.required && forInput ? 'minLength: 1' : '',
        field.length ? `maxLength: ${field.length}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return limits && forInput ? `Type.String({ ${limits} })` : 'Type.String()';
    }
    case 'integer':
      return forInput ? 'Type.Integer({ minimum: -2147483648, maximum: 2147483647 })' : 'Type.Integer()';
    case 'decimal':
      return forInput ? "Type.String({ pattern: '^-?[0-9]{1,30}([.][0-9]{1,30})?$' })" : 'Type.String()';
    case 'boolean':
      return 'Type.Boolean()';
    case 'date':
      return forInput ? "Type.String({ format: 'date' })" : 'Type.String()';
    case 'dateTime':
      return forInput ? "Type.String({ format: 'date-time' })" : 'Type.String()';
    case 'json':
      return 'Type.Unknown()';
  }
}

/** The field in the add/update body: required, or optional and nullable. */
export function inputSchema(field: FieldPlan): string {
  const value = valueSchema(field, true);
  if (field.required) return value;
  return field.wire === 'json'
    ? `Type.Optional(${value})`
    : `Type.Optional(Type.Union([${value}, Type.Null()]))`;
}

/** The field in a row: nullable when the column is. */
export function outputSchema(field: FieldPlan): string {
  const value = valueSchema(field, false);
  return field.nullable && field.wire !== 'json' ? `Type.Union([${value}, Type.Null()])` : value;
}

/** The field in the search: `between` takes a [from, to] pair, the rest one value. */
export function querySchema(field: FieldPlan): string {
  const value =
    field.wire === 'string' ? `Type.String({ maxLength: ${field.length ?? 256} })` : valueSchema(field, true);
  return field.queryType === 'between'
    ? `Type.Optional(Type.Array(${value}, { minItems: 2, maxItems: 2 }))`
    : `Type.Optional(${value})`;
}

/** The TypeScript type of the column in the Kysely table. */
export function columnTsType(field: FieldPlan): string {
  const base = {
    string: 'string',
    integer: 'number',
    decimal: 'string',
    boolean: 'boolean',
    date: 'string',
    dateTime: 'Date',
    json: 'unknown',
  }[field.wire];
  if (field.wire === 'dateTime') return field.nullable ? 'NullableTimestamp' : 'Timestamp';
  if (field.wire === 'json') return 'unknown';
  return field.nullable ? `${base} | null` : base;
}
