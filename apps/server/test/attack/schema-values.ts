import fc from 'fast-check';

/**
 * Plausible values for a route's declared JSON schema, so that one hostile field travels with
 * otherwise acceptable neighbours and reaches the code behind validation. Not a full JSON-schema
 * generator: it knows the shapes our TypeBox schemas produce.
 */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** A step into a value: an object key, or `0` for the first item of an array. */
export type FieldPath = (string | 0)[];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const day = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  if (schema.format === 'date') return day;
  if (schema.format === 'date-time') return dateTime;
  if (schema.format === 'email') return fc.constantFrom('a@example.com', 'x.y@lintel.test');
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => [...s].length >= min && [...s].length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: min, maxLength: max });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? Math.max(min + 1000, 1000);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/** Branches of a union that can hold `path` (all of them when the path is empty). */
function branchesFor(schema: JsonSchema, path: FieldPath): JsonSchema[] {
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  return path.length === 0 ? branches : branches.filter((b) => canHold(b, path));
}

/** Whether `path` names a place inside a value of this schema. */
export function canHold(schema: JsonSchema, path: FieldPath): boolean {
  if (path.length === 0) return true;
  const step = path[0]!;
  const rest = path.slice(1);
  if (schema.anyOf || schema.oneOf) return branchesFor(schema, path).length > 0;
  if (step === 0) return schema.type === 'array' && !!schema.items && canHold(schema.items, rest);
  const child = schema.properties?.[step];
  return !!child && canHold(child, rest);
}

/**
 * A plausible value of `schema`. `path`, when given, must exist in the value: optional keys on it
 * are present and arrays on it have a first item, so a hostile value can be put there.
 */
export function valueOf(schema: JsonSchema, path: FieldPath = []): fc.Arbitrary<unknown> {
  // Built once per schema and path: building (regular expressions above all) costs more than drawing.
  const byPath = built.get(schema) ?? new Map<string, fc.Arbitrary<unknown>>();
  built.set(schema, byPath);
  const key = JSON.stringify(path);
  let arbitrary = byPath.get(key);
  if (!arbitrary) byPath.set(key, (arbitrary = build(schema, path)));
  return arbitrary;
}

const built = new WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>();

function build(schema: JsonSchema, path: FieldPath): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) {
    const branches = branchesFor(schema, path);
    return fc.oneof(...branches.map((b) => valueOf(b, path)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const max = Math.min(schema.maxItems ?? 2, 2);
      if (path.length > 0) {
        return fc
          .tuple(valueOf(items, path.slice(1)), fc.array(valueOf(items), { maxLength: Math.max(0, max - 1) }))
          .map(([first, rest]) => [first, ...rest]);
      }
      return fc.array(valueOf(items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(max, schema.minItems ?? 0),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const step = path[0]!;
      const rest = path.slice(1);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) {
        record[key] = valueOf(child, key === step ? rest : []);
      }
      const requiredKeys = [...(schema.required ?? []), ...(typeof step === 'string' ? [step] : [])];
      return fc.record(record, { requiredKeys: requiredKeys.filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every place in a schema a client fills: object keys at any depth and the first item of arrays. */
export function fieldPaths(schema: JsonSchema, prefix: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 6) return [];
  const out: FieldPath[] = [];
  for (const branch of schema.anyOf ?? schema.oneOf ?? []) out.push(...fieldPaths(branch, prefix, depth + 1));
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key], ...fieldPaths(child, [...prefix, key], depth + 1));
  }
  if (schema.type === 'array' && schema.items) {
    out.push([...prefix, 0], ...fieldPaths(schema.items, [...prefix, 0], depth + 1));
  }
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The schema at a path (the first union branch that holds it). */
export function schemaAt(schema: JsonSchema, path: FieldPath): JsonSchema | undefined {
  if (path.length === 0) return schema;
  if (schema.anyOf || schema.oneOf) {
    for (const branch of branchesFor(schema, path)) {
      const found = schemaAt(branch, path);
      if (found) return found;
    }
    return undefined;
  }
  const step = path[0]!;
  const rest = path.slice(1);
  const child = step === 0 ? schema.items : schema.properties?.[step];
  return child ? schemaAt(child, rest) : undefined;
}

export const formatDay = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
