import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { parseChangelog } from './changelog.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/sysCommon/changelog', () => {
  it('needs a signed-in account', async () => {
    expect((await t.call('GET', '/api/sysCommon/changelog')).statusCode).toBe(401);
  });

  it('answers the version of the root package.json and the steps of CHANGELOG.md', async () => {
    const { accessToken } = await t.login('member');
    const res = await t.call('GET', '/api/sysCommon/changelog', accessToken);
    expect(res.statusCode).toBe(200);
    const { version, entries } = res.json().result;
    const root = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'));
    expect(version).toBe(root.version);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.items.length).toBeGreaterThan(0);
    }
    expect(entries.at(-1).title).toBe('Foundation');
  });
});

describe('parseChangelog', () => {
  it('reads headings as steps and list lines as their items, ignoring the rest', () => {
    const text =
      '# Changelog\n\nIntro - not an item\n- stray item before any step\n\n## 2026-01-02 Second\n- b1\n* b2\n\n## 2026-01-01 First\n- a1\nplain line\n';
    expect(parseChangelog(text)).toEqual([
      { date: '2026-01-02', title: 'Second', items: ['b1', 'b2'] },
      { date: '2026-01-01', title: 'First', items: ['a1'] },
    ]);
  });
});
