import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { compileOnFirstUse, lazySchemaController } from './lazy-schemas.js';

it('compiles a route validator at its first request, with its errors, coercion and serializer', async () => {
  let compiled = 0;
  const app = Fastify({
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: true },
      onCreate: (ajv) => {
        const compile = ajv.compile.bind(ajv);
        ajv.compile = ((schema: object) => (compiled++, compile(schema))) as typeof ajv.compile;
        compileOnFirstUse(ajv);
      },
    },
    schemaController: lazySchemaController(),
  });
  app.post(
    '/echo',
    {
      schema: {
        body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (request) => ({ ...(request.body as object), secret: 'not in the schema' }),
  );
  await app.ready();
  expect(compiled).toBe(0);

  const refused = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'many' } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toContain('must be integer');
  const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: '5' } });
  expect(ok.body).toBe('{"n":5}');
  expect(compiled).toBe(1);
  await app.close();
});
