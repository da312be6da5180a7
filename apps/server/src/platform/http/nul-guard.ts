import type { FastifyInstance } from 'fastify';

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query is a 500 (invalid byte sequence),
 * wherever it sits. One hook refuses it in every part of every request before validation runs, so
 * no route, filter or form has to remember it: a 400 naming the field, like a schema failure.
 * Keys are checked too (a NUL key names an undeclared field that would otherwise be reported with
 * the NUL in its message). The walk is iterative: a body nested 100 000 levels deep is just data.
 */
const NUL = '\u0000';

/** A JSON pointer to the first string (value or key) holding a NUL, or undefined. */
export function findNul(root: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}/${i}` });
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        const step = `${path}/${key.replaceAll(NUL, '\\0').replaceAll('/', '~1')}`;
        if (key.includes(NUL)) return step;
        stack.push({ value: child, path: step });
      }
    }
  }
  return undefined;
}

/** The error the error handler answers as a validation failure (keyword `nul`, see validation.ts). */
export function nulError(part: string, instancePath: string) {
  return Object.assign(new Error(`NUL character in ${part}${instancePath}`), {
    statusCode: 400,
    validationContext: part,
    validation: [{ keyword: 'nul', instancePath, schemaPath: '', params: {}, message: 'contains NUL' }],
  });
}

/** Throws the 400 when a value holds a NUL; for input read outside the hook (multipart parts). */
export function refuseNul(part: string, value: unknown): void {
  const at = findNul(value);
  if (at !== undefined) throw nulError(part, at);
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul('params', request.params);
    refuseNul('querystring', request.query);
    refuseNul('body', request.body);
  });
}
