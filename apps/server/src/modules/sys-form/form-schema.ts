import { FORM_FIELD_NAME } from '@lintel/contracts/wire';
import { badRequest } from '../../platform/http/errors.js';

/**
 * What the form designer may save: a JSON Schema (draft 7) object of flat fields and an rjsf
 * uiSchema. Only the keywords the designer writes are accepted (an allow list, so no `$ref`, `$id`,
 * `definitions`, `if`/`then` or remote schema ever reaches ajv), within size limits; the root always
 * refuses unknown fields (`additionalProperties: false`).
 */

export interface FieldSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  items?: { type: 'string' | 'number' | 'integer'; enum?: unknown[] };
  [keyword: string]: unknown;
}

export interface FormSchema {
  type: 'object';
  title?: string;
  description?: string;
  properties: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties: false;
}

export type UiSchema = Record<string, unknown>;

/** Bounds of one form: stored drafts and versions, and what a submission may weigh. */
export const LIMITS = {
  schemaBytes: 256 * 1024,
  uiSchemaBytes: 256 * 1024,
  /** Field → options → a value: a few levels; 16 leaves room for nested layouts. */
  uiSchemaDepth: 16,
  fields: 200,
  options: 500,
  text: 512,
  pattern: 256,
  dataBytes: 256 * 1024,
};

const ROOT_KEYWORDS = new Set([
  '$schema',
  'type',
  'title',
  'description',
  'properties',
  'required',
  'additionalProperties',
]);
const FIELD_KEYWORDS = new Set([
  'type',
  'title',
  'description',
  'default',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'pattern',
  'format',
  'enum',
  'items',
  'uniqueItems',
  'minItems',
  'maxItems',
]);
const ITEM_KEYWORDS = new Set(['type', 'enum']);
const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);
const ITEM_TYPES = new Set(['string', 'number', 'integer']);
const FORMATS = new Set(['email', 'uri', 'date', 'date-time', 'time']);
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems'];
const BOUNDS = ['minimum', 'maximum'];
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const NAME = new RegExp(FORM_FIELD_NAME);
/** Columns a submission's export adds after the fields (sys-form-data.service.ts): no field may take them. */
export const META_COLUMNS = ['submitUserName', 'submitOrgName', 'version', 'createTime'] as const;
const RESERVED = new Set<string>(META_COLUMNS);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (reason: string) => badRequest('sysForm.invalidSchema', { reason });

function checkField(name: string, field: unknown): FieldSchema {
  if (!NAME.test(name) || RESERVED.has(name)) throw invalid(`field name "${name.slice(0, 64)}"`);
  if (!isObject(field)) throw invalid(`${name}: not an object`);
  for (const keyword of Object.keys(field))
    if (!FIELD_KEYWORDS.has(keyword)) throw invalid(`${name}: keyword "${keyword.slice(0, 64)}"`);
  if (!FIELD_TYPES.has(field.type as string)) throw invalid(`${name}: type`);
  for (const key of ['title', 'description'])
    if (
      field[key] !== undefined &&
      (typeof field[key] !== 'string' || (field[key] as string).length > LIMITS.text)
    )
      throw invalid(`${name}: ${key}`);
  for (const key of COUNTS)
    if (field[key] !== undefined && !(Number.isInteger(field[key]) && (field[key] as number) >= 0))
      throw invalid(`${name}: ${key}`);
  for (const key of BOUNDS)
    if (field[key] !== undefined && !Number.isFinite(field[key])) throw invalid(`${name}: ${key}`);
  if (field.pattern !== undefined) {
    if (typeof field.pattern !== 'string' || field.pattern.length > LIMITS.pattern)
      throw invalid(`${name}: pattern`);
    try {
      new RegExp(field.pattern, 'u');
    } catch {
      throw invalid(`${name}: pattern`);
    }
  }
  if (field.format !== undefined && !FORMATS.has(field.format as string)) throw invalid(`${name}: format`);
  if (field.uniqueItems !== undefined && typeof field.uniqueItems !== 'boolean')
    throw invalid(`${name}: uniqueItems`);
  checkEnum(name, field.enum);
  if (field.type === 'array') {
    const items = field.items;
    if (!isObject(items) || !ITEM_TYPES.has(items.type as string)) throw invalid(`${name}: items`);
    for (const keyword of Object.keys(items))
      if (!ITEM_KEYWORDS.has(keyword)) throw invalid(`${name}: items`);
    checkEnum(name, items.enum);
  } else if (field.items !== undefined) throw invalid(`${name}: items`);
  return field as FieldSchema;
}

function checkEnum(name: string, values: unknown) {
  if (values === undefined) return;
  if (!Array.isArray(values) || values.length === 0 || values.length > LIMITS.options)
    throw invalid(`${name}: enum`);
  for (const value of values)
    if (!(typeof value === 'string' || typeof value === 'number') || String(value).length > LIMITS.text)
      throw invalid(`${name}: enum`);
}

/** The schema's JSON length; nesting too deep to serialise is past every limit too. */
function serializedLength(schema: object): number {
  try {
    return JSON.stringify(schema).length;
  } catch (error) {
    if (error instanceof RangeError) return Infinity;
    throw error;
  }
}

/**
 * The draft as it is stored: the allow-listed schema with `additionalProperties: false` set, or a
 * localized 400 naming what is wrong. An absent schema is the empty form.
 */
export function normalizeSchema(input: object | undefined): FormSchema {
  const schema = (input ?? { type: 'object', properties: {} }) as Record<string, unknown>;
  if (serializedLength(schema) > LIMITS.schemaBytes) throw invalid('too large');
  for (const keyword of Object.keys(schema))
    if (!ROOT_KEYWORDS.has(keyword)) throw invalid(`keyword "${keyword.slice(0, 64)}"`);
  if (schema.type !== 'object') throw invalid('type');
  if (schema.$schema !== undefined && schema.$schema !== 'http://json-schema.org/draft-07/schema#')
    throw invalid('$schema');
  const properties = schema.properties ?? {};
  if (!isObject(properties)) throw invalid('properties');
  const names = Object.keys(properties);
  if (names.length > LIMITS.fields) throw invalid('too many fields');
  const fields: Record<string, FieldSchema> = {};
  for (const name of names) fields[name] = checkField(name, properties[name]);
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string' || !(name in fields)))
    throw invalid('required');
  for (const key of ['title', 'description'])
    if (schema[key] !== undefined && typeof schema[key] !== 'string') throw invalid(key);
  return {
    type: 'object',
    ...(typeof schema.title === 'string' ? { title: schema.title.slice(0, LIMITS.text) } : {}),
    ...(typeof schema.description === 'string'
      ? { description: schema.description.slice(0, LIMITS.text) }
      : {}),
    properties: fields,
    ...(required.length > 0 ? { required: [...new Set(required as string[])] } : {}),
    additionalProperties: false,
  };
}

/** How deep objects and arrays nest, counted without recursion; stops once past `max`. */
function nestingPast(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The uiSchema as stored: an object within the size and nesting limits (rjsf ignores what it does
 * not know; PostgreSQL refuses jsonb nested past its stack).
 */
export function normalizeUiSchema(input: object | undefined): UiSchema {
  const ui = (input ?? {}) as UiSchema;
  if (nestingPast(ui, LIMITS.uiSchemaDepth)) throw invalid('uiSchema nested too deep');
  if (serializedLength(ui) > LIMITS.uiSchemaBytes) throw invalid('uiSchema too large');
  for (const [name, options] of Object.entries(dictBindings(ui)))
    if (!DICT_CODE.test(options)) throw invalid(`${name}: dictionary code`);
  return ui;
}

/** Fields whose options come from a dictionary: field name → dictionary type code (`ui:options.dictCode`). */
export function dictBindings(ui: UiSchema): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(ui)) {
    if (name.startsWith('ui:') || !isObject(field)) continue;
    const options = field['ui:options'];
    if (isObject(options) && options.dictCode !== undefined) out[name] = String(options.dictCode);
  }
  return out;
}

/** Every field of a form in display order (`ui:order` first, then the rest), with its title. */
export function fieldColumns(schema: FormSchema, ui: UiSchema): { key: string; title: string }[] {
  const names = Object.keys(schema.properties);
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as unknown[]).map(String) : [];
  const sorted = [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))];
  return sorted.map((key) => ({ key, title: schema.properties[key]?.title || key }));
}

/** A form is publishable when it has at least one field. */
export function assertPublishable(schema: FormSchema): void {
  if (Object.keys(schema.properties).length === 0) throw badRequest('sysForm.noFields');
}
