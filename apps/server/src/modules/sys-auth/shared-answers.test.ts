import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

// userInfo and loginMenuTree are serialised once per cached value (platform/http/shared-answer.ts):
// these prove that a change still shows at once and that a browser's revalidation gets a 304.
let t: TestApp;
let superAdmin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

const revalidate = (url: string, token: string, etag: string) =>
  t.call('GET', url, token, undefined, { 'if-none-match': etag });

describe('the hot sign-in reads', () => {
  it('userInfo: 304 while unchanged, the new profile at once after a change', async () => {
    const first = await t.call('GET', '/api/sysAuth/userInfo', staff);
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toBeTruthy();
    expect((await revalidate('/api/sysAuth/userInfo', staff, etag)).statusCode).toBe(304);

    const saved = await t.call('POST', '/api/sysUser/baseInfo', staff, { realName: 'Renamed Staff' });
    expect(saved.statusCode).toBe(200);
    const after = await revalidate('/api/sysAuth/userInfo', staff, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().result.realName).toBe('Renamed Staff');
    expect(after.headers.etag).not.toBe(etag);
  });

  it("userInfo: another account's answer is its own, never a shared copy", async () => {
    const mine = (await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result;
    const theirs = (await t.call('GET', '/api/sysAuth/userInfo', superAdmin)).json().result;
    expect(mine.account).toBe('staff');
    expect(theirs.account).not.toBe('staff');
    expect(theirs.buttons.length).toBeGreaterThan(mine.buttons.length);
  });

  it('loginMenuTree: 304 while unchanged, the renamed menu at once after an edit', async () => {
    const first = await t.call('GET', '/api/sysMenu/loginMenuTree', staff);
    const etag = first.headers.etag as string;
    expect((await revalidate('/api/sysMenu/loginMenuTree', staff, etag)).statusCode).toBe(304);

    type Node = { id: string; meta: { title: string }; children: Node[] };
    const leaf = (nodes: Node[]): Node => (nodes[0]!.children.length ? leaf(nodes[0]!.children) : nodes[0]!);
    const menu = leaf(first.json().result as Node[]);
    const renamed = await t.call('POST', '/api/sysMenu/update', superAdmin, {
      id: menu.id,
      title: 'Renamed menu',
    });
    expect(renamed.statusCode).toBe(200);

    const after = await revalidate('/api/sysMenu/loginMenuTree', staff, etag);
    expect(after.statusCode).toBe(200);
    expect(JSON.stringify(after.json().result)).toContain('"title":"Renamed menu"');
  });
});
