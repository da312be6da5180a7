import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { Locale } from '@lintel/contracts';
import { ID_PATTERN } from '../db/ids.js';
import { t } from '../i18n/index.js';

/** Formats whose failure says what a valid value looks like (formats.ts). */
const FORMAT_MESSAGES = new Map([
  ['date', 'input.date'],
  ['date-time', 'input.dateTime'],
]);

/** 'items/0/name' → 'items[0].name' */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce(
    (acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    '',
  );
}

/** One localized sentence per failed rule, each naming the field. */
export function describeValidation(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): { field: string; message: string }[] {
  const seen = new Set<string>();
  const out: { field: string; message: string }[] = [];
  for (const error of errors) {
    const params = (error.params ?? {}) as Record<string, unknown>;
    let key = `validation.${error.keyword}`;
    let field = fieldPath(error.instancePath);
    const values: Record<string, string | number> = {};
    switch (error.keyword) {
      case 'required':
        field = fieldPath(error.instancePath, String(params.missingProperty));
        break;
      case 'additionalProperties':
        field = fieldPath(error.instancePath, String(params.additionalProperty));
        break;
      case 'type':
        values.type = String(params.type);
        break;
      case 'minLength':
      case 'maxLength':
      case 'minimum':
      case 'maximum':
      case 'minItems':
      case 'maxItems':
        values.limit = Number(params.limit);
        break;
      case 'format':
        values.format = String(params.format);
        key = FORMAT_MESSAGES.get(values.format) ?? key;
        break;
      case 'enum':
        values.values = (params.allowedValues as unknown[] | undefined)?.join(', ') ?? '';
        break;
      case 'const':
        key = 'validation.enum';
        values.values = String(params.allowedValue);
        break;
      case 'pattern':
        if (params.pattern === ID_PATTERN) key = 'input.id';
        break;
      case 'nul':
        key = 'input.nul';
        break;
      default:
        key = 'validation.invalid';
    }
    if (!field) field = context === 'body' ? t(locale, 'validation.body') : (context ?? '');
    const message = t(locale, key, { field, ...values });
    if (seen.has(message)) continue; // anyOf branches repeat themselves
    seen.add(message);
    out.push({ field, message });
  }
  return out;
}
