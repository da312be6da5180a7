import type { FastifyInstance } from 'fastify';

/**
 * ajv coerces `1e309` in a query to Infinity and JSON.parse reads `1e400` as Infinity, and ajv
 * checks `minimum`/`maximum` only on finite numbers: an infinite number passes every schema and
 * reaches SQL as "Infinity" (a 500). One hook, after validation (so coerced values are there),
 * refuses any non-finite number as the schema's own "must be a number" failure naming the field.
 * The walk visits plain objects and arrays only (multipart parts hold streams and buffers).
 */
/** A parsed object: Object.prototype, none, or Fastify's query object over a prototype-less one. */
function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function findInfinite(root: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}/${i}` });
    } else if (value !== null && typeof value === 'object') {
      if (!isPlain(value)) continue;
      for (const [key, child] of Object.entries(value)) {
        stack.push({ value: child, path: `${path}/${key.replaceAll('/', '~1')}` });
      }
    }
  }
  return undefined;
}

function refuseInfinite(part: string, value: unknown): void {
  const instancePath = findInfinite(value);
  if (instancePath === undefined) return;
  throw Object.assign(new Error(`non-finite number in ${part}${instancePath}`), {
    statusCode: 400,
    validationContext: part,
    validation: [
      {
        keyword: 'type',
        instancePath,
        schemaPath: '',
        params: { type: 'number' },
        message: 'must be number',
      },
    ],
  });
}

export function registerFiniteGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    refuseInfinite('params', request.params);
    refuseInfinite('querystring', request.query);
    refuseInfinite('body', request.body);
  });
}
