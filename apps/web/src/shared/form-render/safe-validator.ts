import {
  toErrorSchema,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/**
 * A form validator for rjsf that compiles nothing. ajv (what @rjsf/validator-ajv8 wraps) builds its
 * validators with `new Function`, which the product's Content-Security-Policy (`script-src 'self'`,
 * no 'unsafe-eval') refuses, and rjsf's precompiled validators need the schemas at build time, while
 * these are designed at run time. So the browser checks the JSON Schema subset the form designer
 * writes (types, required, lengths, bounds, pattern, formats, enums, item counts) by interpretation,
 * and the server remains the judge: it validates every submission with ajv 8 against the published
 * version (apps/server modules/sys-form).
 */

type Schema = RJSFSchema & Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const isUri = (value: string) => {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
};
const FORMATS: Record<string, (value: string) => boolean> = {
  email: (v) => EMAIL.test(v),
  uri: isUri,
  date: (v) => DATE.test(v) && !Number.isNaN(Date.parse(v)),
  'date-time': (v) => !Number.isNaN(Date.parse(v)),
  time: (v) => TIME.test(v),
};

const typeOk = (type: unknown, value: unknown) => {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
};

/** The errors of one value against one field's schema (the keywords of the designer's subset). */
function fieldErrors(schema: Schema, value: unknown, t: Translate): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  if (!typeOk(schema.type, value)) return [{ name: 'type', message: t('formDes.check.type') }];
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      out.push({ name: 'minLength', message: t('formDes.check.minLength', { n: schema.minLength }) });
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      out.push({ name: 'maxLength', message: t('formDes.check.maxLength', { n: schema.maxLength }) });
    if (typeof schema.pattern === 'string') {
      let matches = true;
      try {
        matches = new RegExp(schema.pattern, 'u').test(value);
      } catch {
        // A pattern the browser cannot read is left to the server.
      }
      if (!matches) out.push({ name: 'pattern', message: t('formDes.check.pattern') });
    }
    const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (format && !format(value)) out.push({ name: 'format', message: t(`formDes.check.format`) });
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      out.push({ name: 'minimum', message: t('formDes.check.minimum', { n: schema.minimum }) });
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      out.push({ name: 'maximum', message: t('formDes.check.maximum', { n: schema.maximum }) });
  }
  const allowed = (list: unknown) => (Array.isArray(list) ? list : null);
  if (allowed(schema.enum) && !allowed(schema.enum)!.includes(value))
    out.push({ name: 'enum', message: t('formDes.check.enum') });
  if (Array.isArray(value)) {
    const items = (schema.items ?? {}) as Schema;
    if (
      value.some(
        (item) => !typeOk(items.type, item) || (allowed(items.enum) && !allowed(items.enum)!.includes(item)),
      )
    )
      out.push({ name: 'enum', message: t('formDes.check.enum') });
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      out.push({ name: 'minItems', message: t('formDes.check.minItems', { n: schema.minItems }) });
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      out.push({ name: 'maxItems', message: t('formDes.check.maxItems', { n: schema.maxItems }) });
  }
  return out;
}

/** Every error of a flat object form: missing required fields, unknown fields, and each field's own. */
export function formErrors(schema: Schema, data: unknown, t: Translate): RJSFValidationError[] {
  const values = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const errors: RJSFValidationError[] = [];
  const push = (name: string, field: string, message: string) => {
    const title = properties[field]?.title ?? field;
    errors.push({ name, property: `.${field}`, message, stack: `${title}: ${message}`, title });
  };
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  for (const field of (schema.required as string[] | undefined) ?? [])
    if (empty(values[field])) push('required', field, t('formDes.check.required'));
  for (const [field, value] of Object.entries(values)) {
    const fieldSchema = properties[field];
    if (!fieldSchema) {
      if (schema.additionalProperties === false && value !== undefined)
        push('additionalProperties', field, t('formDes.check.unknown'));
      continue;
    }
    if (value === undefined) continue;
    for (const error of fieldErrors(fieldSchema, value, t)) push(error.name, field, error.message);
  }
  return errors;
}

/** The rjsf validator over formErrors (customValidate and transformErrors are honoured). */
export function safeValidator(t: Translate): ValidatorType {
  return {
    validateFormData(
      formData: unknown,
      schema: RJSFSchema,
      customValidate?: CustomValidator,
      transformErrors?: ErrorTransformer,
      uiSchema?: UiSchema,
    ): ValidationData<unknown> {
      let errors = formErrors(schema as Schema, formData, t);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      // Custom validation is not used by the renderer's callers; keep the hook harmless.
      void customValidate;
      return { errors, errorSchema: toErrorSchema(errors) };
    },
    isValid(schema: RJSFSchema, formData: unknown) {
      return (
        formErrors(schema as Schema, formData, t).length === 0 &&
        typeOk(schema.type, formData ?? null) !== false
      );
    },
    rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
      return { errors: formErrors(schema as Schema, formData, t) as Result[] };
    },
  };
}
