import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import { badRequest } from '../../platform/http/errors.js';
import { LIMITS, type FormSchema } from './form-schema.js';

// ajv 8 is loaded the way ajv-formats loads it, so the plugin and the instance share one copy of
// ajv's code generator whatever the install's layout (the workspace root's `ajv` is ESLint's ajv 6;
// both packages are CommonJS, so `require` gives the class and the plugin themselves).
const require = createRequire(import.meta.url);

/**
 * Submissions are checked against the published version with ajv 8: strict mode (an unknown keyword
 * is an error, never silently ignored), every error at once, no type coercion and no schema loading
 * (no `loadSchema`, and the allow list of form-schema.ts admits no `$ref`). One ajv instance, made
 * at the first form check (loading ajv and its formats costs every start half a second otherwise);
 * compiled validators are kept per version (immutable, so never stale) in a small bounded cache.
 */
let instance: AjvClass | undefined;
function ajvOf(): AjvClass {
  if (instance) return instance;
  const formatsPath = require.resolve('ajv-formats');
  const Ajv = createRequire(formatsPath)('ajv') as typeof AjvClass;
  const addFormats = require(formatsPath) as FormatsPlugin;
  instance = new Ajv({
    strict: true,
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    validateSchema: true,
  });
  addFormats(instance, ['email', 'uri', 'date', 'date-time', 'time']);
  return instance;
}

const CACHE_SIZE = 200;
const compiled = new Map<string, { schema: FormSchema; validate: ValidateFunction }>();

function validatorOf(versionId: string, schema: FormSchema): ValidateFunction {
  const hit = compiled.get(versionId);
  if (hit) {
    compiled.delete(versionId);
    compiled.set(versionId, hit);
    return hit.validate;
  }
  const validate = ajvOf().compile(schema);
  compiled.set(versionId, { schema, validate });
  if (compiled.size > CACHE_SIZE) {
    const [oldest, entry] = compiled.entries().next().value!;
    compiled.delete(oldest);
    ajvOf().removeSchema(entry.schema);
  }
  return validate;
}

/** Compiles a draft as publishing would, so a schema ajv refuses never becomes a version. */
export function assertCompiles(schema: FormSchema): void {
  try {
    const ajv = ajvOf();
    ajv.removeSchema(ajv.compile(schema).schema as object);
  } catch (error) {
    throw badRequest('sysForm.invalidSchema', { reason: (error as Error).message.slice(0, 200) });
  }
}

/** The field an ajv error is about: the first segment of its path, or the property it names. */
function fieldOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (params.missingProperty) return params.missingProperty;
  if (params.additionalProperty) return params.additionalProperty;
  return error.instancePath.split('/')[1] ?? '';
}

/**
 * The names of the fields of `data` the version refuses (an unknown field counts as one); none when
 * it is valid. Oversized data is a 400 before ajv sees it.
 */
export function invalidFields(
  versionId: string,
  schema: FormSchema,
  data: Record<string, unknown>,
): string[] {
  if (JSON.stringify(data).length > LIMITS.dataBytes) throw badRequest('sysForm.dataTooLarge');
  const validate = validatorOf(versionId, schema);
  if (validate(data)) return [];
  return [...new Set((validate.errors ?? []).map(fieldOf))];
}
