import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * The registry's link menus reach the web shell as meta.isLink / meta.isIframe: the help-document
 * directory (external links, tenant scope, granted to the tenant admin) and the embedded system API
 * page (platform scope, super admin only).
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['superAdmin', 'admin', 'member'])
    tokens[account] = (await t.login(account)).accessToken;
});
afterAll(async () => t?.close());

interface Node {
  path: string | null;
  name: string | null;
  meta: { title: string; isLink: string | null; isIframe: boolean };
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tree = async (account: string): Promise<Node[]> => {
  const res = await t.call('GET', '/api/sysMenu/loginMenuTree', tokens[account]);
  expect(res.statusCode).toBe(200);
  return flatten(res.json().result);
};

describe('link and iframe menus in loginMenuTree', () => {
  it('gives the tenant admin the help documents: external links, not embedded', async () => {
    const nodes = await tree('admin');
    const doc = nodes.find((n) => n.path === '/doc');
    expect(doc?.meta.title).toBe('帮助文档');
    const fastify = nodes.find((n) => n.path === '/doc/fastify')!;
    expect(fastify.meta).toMatchObject({ isLink: 'https://fastify.dev/docs/latest/', isIframe: false });
    expect(nodes.find((n) => n.path === '/doc/antd')?.meta.isLink).toBe('https://ant.design');
    // The embedded API page belongs to the platform: not for a tenant admin.
    expect(nodes.some((n) => n.path === '/platform/api')).toBe(false);
  });

  it('gives the super admin the system API page embedded from /swagger', async () => {
    const api = (await tree('superAdmin')).find((n) => n.path === '/platform/api')!;
    expect(api).toMatchObject({ name: 'sysApi' });
    expect(api.meta).toMatchObject({ title: '系统接口', isIframe: true, isLink: '/swagger' });
  });

  it('gives a member the user guide but keeps the external documents, whose role was not granted them', async () => {
    const doc = (await tree('member')).find((n) => n.path === '/doc')!;
    expect(doc.children.map((n) => n.path)).toEqual(['/doc/guide']);
  });
});
