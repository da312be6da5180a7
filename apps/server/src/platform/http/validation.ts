import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { Locale } from '@lintel/contracts';
import { t, type MessageParams } from '../i18n/index.js';
import { FORMAT_RULES, PATTERN_RULES, TYPE_RULES } from './validation-rules.js';

/** 'items/0/name' → 'items[0].name' */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce(
    (acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    '',
  );
}

/** The field an error is about: the missing or unknown property itself for those two keywords. */
function fieldOf(error: FastifySchemaValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.keyword === 'required') return fieldPath(error.instancePath, String(params.missingProperty));
  if (error.keyword === 'additionalProperties')
    return fieldPath(error.instancePath, String(params.additionalProperty));
  return fieldPath(error.instancePath);
}

/**
 * Keywords that only say "no branch of a union matched" or "wrong JSON type": a union such as
 * `string | null` reports one of them per branch ("must be null", "must match anyOf"), which is
 * schema bookkeeping, not what the user got wrong.
 */
const BRANCH_KEYWORDS = new Set(['type', 'anyOf', 'oneOf', 'const', 'enum', 'not', 'if', 'then', 'else']);

type Problem = { key: string; values?: MessageParams };

/** The message of one rule (anything but a branch keyword). */
function ruleProblem(error: FastifySchemaValidationError): Problem {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'additionalProperties':
      return { key: 'validation.additionalProperties' };
    case 'minLength':
    case 'minItems':
      // "at least 1 character" is what "must not be empty" means.
      return limit === 1
        ? { key: 'rule.notEmpty' }
        : { key: `validation.${error.keyword}`, values: { limit } };
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'maxItems':
      return { key: `validation.${error.keyword}`, values: { limit } };
    case 'exclusiveMinimum':
      return { key: 'rule.above', values: { limit } };
    case 'exclusiveMaximum':
      return { key: 'rule.below', values: { limit } };
    case 'uniqueItems':
      return { key: 'rule.unique' };
    case 'format':
      return { key: FORMAT_RULES.get(String(params.format)) ?? 'rule.format' };
    case 'pattern':
      return { key: PATTERN_RULES.get(String(params.pattern)) ?? 'validation.pattern' };
    case 'nul':
      return { key: 'input.nul' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * One problem for a field from all its errors. A rule that a branch broke (a pattern, a length)
 * is what the user can fix, so it wins; else the allowed values of the union's constants; else the
 * kind of value expected (text, a whole number...), `null` being the "leave it empty" branch.
 */
function fieldProblem(errors: FastifySchemaValidationError[]): Problem {
  const rule = errors.find((e) => !BRANCH_KEYWORDS.has(e.keyword));
  if (rule) return ruleProblem(rule);
  const allowed = errors.flatMap((e) => {
    const params = (e.params ?? {}) as Record<string, unknown>;
    if (e.keyword === 'const') return [params.allowedValue];
    if (e.keyword === 'enum') return (params.allowedValues as unknown[] | undefined) ?? [];
    return [];
  });
  if (allowed.length) {
    const values = [...new Set(allowed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))];
    return { key: 'validation.enum', values: { values: values.join(', ') } };
  }
  const types = errors
    .filter((e) => e.keyword === 'type')
    .flatMap((e) => String((e.params as { type?: unknown } | undefined)?.type ?? '').split(','));
  const expected = types.find((type) => type !== 'null' && TYPE_RULES.has(type)) ?? types[0];
  const key = expected ? TYPE_RULES.get(expected) : undefined;
  return { key: key ?? 'validation.invalid' };
}

/**
 * One localized sentence per bad field, naming it by its wire name (what the API documents and
 * the web form attaches the message to) and saying what a valid value looks like, in words a
 * person understands: never schema vocabulary (types of union branches, anyOf, the expression of
 * a pattern).
 */
export function describeValidation(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): { field: string; message: string }[] {
  const byField = new Map<string, FastifySchemaValidationError[]>();
  for (const error of errors) {
    const field = fieldOf(error);
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  return [...byField].map(([path, fieldErrors]) => {
    const field = path || (context === 'body' ? t(locale, 'validation.body') : (context ?? ''));
    const { key, values } = fieldProblem(fieldErrors);
    return { field, message: t(locale, key, { field, ...values }) };
  });
}
