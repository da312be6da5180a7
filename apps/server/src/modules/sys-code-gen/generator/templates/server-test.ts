import type { FieldPlan, ModulePlan } from '../plan.js';

/** A value of the field for the generated tests: `second` gives a different one (the update). */
export function sampleValue(f: FieldPlan, second = false): unknown {
  switch (f.wire) {
    case 'string': {
      const text = second ? 'Changed' : 'Sample';
      return text.slice(0, Math.max(1, Math.min(text.length, f.length ?? text.length)));
    }
    case 'integer':
      return second ? 8 : 7;
    case 'decimal':
      return second ? '13' : '12';
    case 'boolean':
      return !second;
    case 'date':
      return second ? '2026-02-16' : '2026-01-15';
    case 'dateTime':
      return second ? '2026-02-16T09:00:00.000Z' : '2026-01-15T08:30:00.000Z';
    case 'json':
      return { sample: second ? 2 : 1 };
  }
}

/** Fields whose value comes back exactly as sent (decimals gain scale, times change format). */
const exact = (f: FieldPlan) =>
  f.wire === 'string' || f.wire === 'integer' || f.wire === 'boolean' || f.wire === 'date';

const literal = (value: unknown) => JSON.stringify(value).replaceAll('"', "'");

/** <folder>.test.ts: the module through HTTP, on PGlite and PostgreSQL. */
export function serverTestFile(plan: ModulePlan): string {
  const { controller: c } = plan;
  const form = plan.fields.filter((f) => f.inForm);
  const body = (second: boolean) =>
    `{ ${form.map((f) => `${f.prop}: ${literal(sampleValue(f, second))}`).join(', ')} }`;
  const checks = (second: boolean) =>
    form
      .filter(exact)
      .map((f) => `${f.prop}: ${literal(sampleValue(f, second))}`)
      .join(', ');
  const required = form.find((f) => f.required);
  const wrong = form.find((f) => f.wire !== 'json');
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

const api = (action: string) => \`/api/${c}/\${action}\`;

describe('${c}', () => {
  it('adds, pages, reads, updates, exports and deletes a row', async () => {
    const add = await t.call('POST', api('add'), root, ${body(false)});
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;

    const page = (await t.call('POST', api('page'), root, { page: 1, pageSize: 10 })).json().result as {
      total: number;
      items: { id: string }[];
    };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id, ${checks(false)} });

    const update = await t.call('POST', api('update'), root, { id, ...${body(true)} });
    expect(update.statusCode).toBe(200);
    const detail = await t.call('GET', \`\${api('detail')}?id=\${id}\`, root);
    expect(detail.json().result).toMatchObject({ id, ${checks(true)} });

    const file = await t.call('POST', api('export'), root, { format: 'csv' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.split('\\n').filter(Boolean).length).toBe(2);

    expect((await t.call('POST', api('delete'), root, { id })).statusCode).toBe(200);
    expect((await t.call('GET', \`\${api('detail')}?id=\${id}\`, root)).statusCode).toBe(404);
    expect((await t.call('POST', api('delete'), root, { id })).statusCode).toBe(404);
  });

  it('refuses bad input with a reason', async () => {
${
  wrong
    ? `    const wrongType = await t.call('POST', api('add'), root, { ...${body(false)}, ${wrong.prop}: { not: 'a value' } });
    expect(wrongType.statusCode).toBe(400);
`
    : ''
}${
    required
      ? `    const withoutRequired = { ${form
          .filter((f) => f !== required)
          .map((f) => `${f.prop}: ${literal(sampleValue(f, false))}`)
          .join(', ')} };
    expect((await t.call('POST', api('add'), root, withoutRequired)).statusCode).toBe(400);
`
      : ''
  }    expect((await t.call('POST', api('page'), root, { field: 'password' })).statusCode).toBe(400);
  });

  it('refuses an account without its permissions', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', api('page'), member, {})).statusCode).toBe(403);
    expect((await t.call('POST', api('add'), member, ${body(false)})).statusCode).toBe(403);
  });
});
`;
}
