import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { SEEDED_RELEASE_NOTES } from './upgrade-seed-notes.js';

let t: TestApp;
let superAdmin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

describe('release notes', () => {
  it('the migration wrote the update log of CHANGELOG.md; accounts are not told of notes older than themselves', async () => {
    const latest = await t.call('GET', '/api/sysUpgrade/latest?limit=3', member);
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().result.notes.map((n: { title: string }) => n.title)).toEqual(
      SEEDED_RELEASE_NOTES.slice(0, 3).map((n) => n.title),
    );
    expect((await t.call('GET', '/api/sysUpgrade/unread', member)).json().result).toEqual([]);
  });

  it('the super admin publishes; each account reads and marks read on its own; drafts and later notes stay hidden', async () => {
    expect(
      (await t.call('POST', '/api/sysUpgrade/add', member, { version: '9.9.9', title: 'x', content: '' }))
        .statusCode,
    ).toBe(403);
    const add = (body: Record<string, unknown>) => t.call('POST', '/api/sysUpgrade/add', superAdmin, body);
    const published = (
      await add({ version: '9.9.9', title: 'Big release', content: '## New\n- **fast**' })
    ).json().result;
    await add({ version: '9.9.10', title: 'Draft', content: '', status: 2 });
    await add({
      version: '9.9.11',
      title: 'Later',
      content: '',
      publishTime: new Date(Date.now() + 3_600_000).toISOString(),
    });

    const unread = (await t.call('GET', '/api/sysUpgrade/unread', member)).json().result;
    expect(unread.map((n: { title: string }) => n.title)).toEqual(['Big release']);
    expect(unread[0]).toMatchObject({
      id: published,
      version: '9.9.9',
      read: false,
      content: '## New\n- **fast**',
    });

    const read = await t.call('POST', '/api/sysUpgrade/setRead', member, { ids: [published, published] });
    expect(read.statusCode, read.body).toBe(200);
    expect((await t.call('GET', '/api/sysUpgrade/unread', member)).json().result).toEqual([]);
    const latest = (await t.call('GET', '/api/sysUpgrade/latest', member)).json().result;
    expect(latest.notes[0]).toMatchObject({ id: published, read: true });
    // Another account's state is its own.
    const { accessToken: staff } = await t.login('staff');
    expect((await t.call('GET', '/api/sysUpgrade/unread', staff)).json().result).toHaveLength(1);

    const page = (await t.call('POST', '/api/sysUpgrade/page', superAdmin, { title: 'a' })).json().result;
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['Draft', 'Later']),
    );
    expect((await t.call('POST', '/api/sysUpgrade/delete', superAdmin, { id: published })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/api/sysUpgrade/unread', staff)).json().result).toEqual([]);
  });
});
