import type { FormJsonSchema, FormUiSchema } from '../../../shared/form-render/schema-form';

/**
 * The designer's model of a form: an ordered list of fields, each with its kind, name, label,
 * rules, default, options and grid span. It is written as the JSON Schema (draft 7) + rjsf
 * uiSchema pair the server stores and the renderer reads (`toSchemas`), and read back from it
 * (`fromSchemas`): the kind travels in `ui:options.kind`, so a field opens again as it was placed.
 */

export const FIELD_KINDS = [
  'input',
  'textarea',
  'number',
  'select',
  'radio',
  'checkbox',
  'switch',
  'date',
  'datetime',
  'time',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Kinds whose answer is one of (or, for checkbox, several of) a list of options. */
export const OPTION_KINDS: ReadonlySet<FieldKind> = new Set(['select', 'radio', 'checkbox']);
export const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['input', 'textarea']);

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDesign {
  /** Stable while designing (drag and drop, selection); not stored. */
  uid: string;
  kind: FieldKind;
  name: string;
  label: string;
  required: boolean;
  span: number;
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: 'email' | 'uri';
  minimum?: number;
  maximum?: number;
  integer?: boolean;
  defaultValue?: unknown;
  /** Fixed options, or `dictCode` for a dictionary's items. */
  options?: FieldOption[];
  dictCode?: string;
}

/** The names a field may take: a JSON property and an export column (letters and digits). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const RESERVED = new Set(['submitUserName', 'submitOrgName', 'version', 'createTime']);
export const validFieldName = (name: string) => FIELD_NAME.test(name) && !RESERVED.has(name);

let counter = 0;
const uid = () => `f${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new field of `kind` with a free name (`input1`, `input2`…) and the label given. */
export function newField(kind: FieldKind, taken: readonly FieldDesign[], label: string): FieldDesign {
  const names = new Set(taken.map((f) => f.name));
  let n = 1;
  while (names.has(`${kind}${n}`)) n += 1;
  return {
    uid: uid(),
    kind,
    name: `${kind}${n}`,
    label,
    required: false,
    span: 24,
    ...(OPTION_KINDS.has(kind)
      ? {
          options: [
            { value: '1', label: `${label} 1` },
            { value: '2', label: `${label} 2` },
          ],
        }
      : {}),
  };
}

const WIDGETS: Partial<Record<FieldKind, string>> = {
  textarea: 'textarea',
  select: 'select',
  radio: 'radio',
  checkbox: 'checkboxes',
  switch: 'switch',
};
const FORMATS: Partial<Record<FieldKind, string>> = { date: 'date', datetime: 'date-time', time: 'time' };

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;

function fieldSchema(f: FieldDesign): FormJsonSchema {
  const common = { title: f.label, default: f.defaultValue as never };
  const fixed = f.dictCode ? undefined : f.options?.map((o) => o.value);
  switch (f.kind) {
    case 'number':
      return defined({
        ...common,
        type: f.integer ? 'integer' : 'number',
        minimum: f.minimum,
        maximum: f.maximum,
      });
    case 'switch':
      return defined({ ...common, type: 'boolean' });
    case 'checkbox':
      return defined({
        ...common,
        type: 'array',
        items: defined({ type: 'string' as const, enum: fixed }),
        uniqueItems: true,
      });
    case 'select':
    case 'radio':
      return defined({ ...common, type: 'string', enum: fixed });
    case 'date':
    case 'datetime':
    case 'time':
      return defined({ ...common, type: 'string', format: FORMATS[f.kind] });
    default:
      return defined({
        ...common,
        type: 'string',
        minLength: f.minLength,
        maxLength: f.maxLength,
        pattern: f.pattern,
        format: f.format,
      });
  }
}

/** The schema pair the server stores for these fields, in their order. */
export function toSchemas(fields: readonly FieldDesign[]): {
  schema: FormJsonSchema;
  uiSchema: FormUiSchema;
} {
  const properties: Record<string, FormJsonSchema> = {};
  const uiSchema: FormUiSchema = { 'ui:order': fields.map((f) => f.name) };
  for (const f of fields) {
    properties[f.name] = fieldSchema(f);
    uiSchema[f.name] = defined({
      'ui:widget': WIDGETS[f.kind],
      'ui:placeholder': f.placeholder,
      'ui:enumNames': OPTION_KINDS.has(f.kind) && !f.dictCode ? f.options?.map((o) => o.label) : undefined,
      'ui:options': defined({ kind: f.kind, span: f.span, dictCode: f.dictCode }),
    });
  }
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return {
    schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
    uiSchema,
  };
}

const KIND_OF_FORMAT: Record<string, FieldKind> = { date: 'date', 'date-time': 'datetime', time: 'time' };

function guessKind(s: FormJsonSchema, widget: unknown): FieldKind {
  if (s.type === 'boolean') return 'switch';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'array') return 'checkbox';
  if (typeof s.format === 'string' && KIND_OF_FORMAT[s.format]) return KIND_OF_FORMAT[s.format]!;
  if (widget === 'textarea') return 'textarea';
  if (widget === 'radio') return 'radio';
  if (s.enum) return 'select';
  return 'input';
}

/** The designer's fields of a stored schema pair, in `ui:order`. */
export function fromSchemas(
  schema: FormJsonSchema | undefined,
  uiSchema: FormUiSchema | undefined,
): FieldDesign[] {
  const properties = (schema?.properties ?? {}) as Record<string, FormJsonSchema>;
  const ui = uiSchema ?? {};
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : [];
  const names = [
    ...order.filter((n) => n in properties),
    ...Object.keys(properties).filter((n) => !order.includes(n)),
  ];
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return names.map((name) => {
    const s = properties[name]!;
    const fieldUi = (ui[name] ?? {}) as FormUiSchema;
    const options = (fieldUi['ui:options'] ?? {}) as { kind?: FieldKind; span?: number; dictCode?: string };
    const kind =
      options.kind && FIELD_KINDS.includes(options.kind) ? options.kind : guessKind(s, fieldUi['ui:widget']);
    const values = (s.enum ?? (s.items as FormJsonSchema | undefined)?.enum) as unknown[] | undefined;
    const labels = fieldUi['ui:enumNames'] as string[] | undefined;
    return defined({
      uid: uid(),
      kind,
      name,
      label: s.title ?? name,
      required: required.has(name),
      span: options.span ?? 24,
      placeholder: fieldUi['ui:placeholder'] as string | undefined,
      minLength: s.minLength,
      maxLength: s.maxLength,
      pattern: s.pattern,
      format: s.format === 'email' || s.format === 'uri' ? s.format : undefined,
      minimum: s.minimum,
      maximum: s.maximum,
      integer: s.type === 'integer' || undefined,
      defaultValue: s.default,
      options: values?.map((v, i) => ({ value: String(v), label: labels?.[i] ?? String(v) })),
      dictCode: options.dictCode,
    }) as FieldDesign;
  });
}

/** Problems that stop a save: an invalid or repeated field name, or an option field without options. */
export function designProblems(
  fields: readonly FieldDesign[],
): { uid: string; problem: 'name' | 'duplicate' | 'options' }[] {
  const seen = new Set<string>();
  const out: { uid: string; problem: 'name' | 'duplicate' | 'options' }[] = [];
  for (const f of fields) {
    if (!validFieldName(f.name)) out.push({ uid: f.uid, problem: 'name' });
    else if (seen.has(f.name)) out.push({ uid: f.uid, problem: 'duplicate' });
    seen.add(f.name);
    if (OPTION_KINDS.has(f.kind) && !f.dictCode && !(f.options?.length ?? 0))
      out.push({ uid: f.uid, problem: 'options' });
  }
  return out;
}
