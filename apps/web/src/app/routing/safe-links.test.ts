import type { MenuTreeNode } from '@lintel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkRoutes } from '../shell/views/shell-routes';
import { json, stubApi } from '../../test/render-app';
import { fetchMenuTree } from '../../shared/session/session-api';

/**
 * Issue 9, bug 4: link menus stored before the server checked links (or written to the database
 * directly) may hold `javascript:` or `data:` addresses. The menu tree drops them where it arrives,
 * so the shell neither opens (window.open, the link page's button) nor embeds (iframe) them.
 */
const node = (path: string, isLink: string | null, isIframe = false, children: MenuTreeNode[] = []) => ({
  id: path,
  pid: '0',
  name: null,
  path,
  component: null,
  redirect: null,
  meta: {
    title: path,
    icon: null,
    isIframe,
    isLink,
    isHide: false,
    isKeepAlive: true,
    isAffix: false,
    isPublic: false,
    roles: [],
  },
  children,
});

const BAD = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/',
  'http://user:secret@example.com/',
];
const GOOD = [
  'https://fastify.dev/docs/latest/',
  'http://10.0.0.8/wiki',
  'ftp://ftp.example.org/',
  '/swagger',
];

afterEach(() => vi.unstubAllGlobals());

describe('the menu tree from the server', () => {
  it('drops link addresses a browser would run, at every depth, and keeps web addresses', async () => {
    const tree = [
      ...BAD.map((link, i) => node(`/bad/${i}`, link, i % 2 === 1)),
      ...GOOD.map((link, i) => node(`/good/${i}`, link, i % 2 === 1)),
      node('/dir', null, false, [node('/dir/bad', 'javascript:alert(2)', true), node('/dir/page', null)]),
    ];
    stubApi({ 'GET /api/sysMenu/loginMenuTree': () => json(tree) });
    const safe = await fetchMenuTree();

    const links = (nodes: MenuTreeNode[]): (string | null)[] =>
      nodes.flatMap((n) => [n.meta.isLink, ...links(n.children)]);
    for (const bad of BAD) expect(links(safe)).not.toContain(bad);
    expect(links(safe)).not.toContain('javascript:alert(2)');
    for (const good of GOOD) expect(links(safe)).toContain(good);

    // What the shell opens in a tab or a frame: the good addresses only.
    const opened = linkRoutes(safe, []).map((r) =>
      r.kind === 'iframe' ? r.src : r.kind === 'link' ? r.href : '',
    );
    expect(opened.sort()).toEqual([...GOOD].sort());
    // The entries themselves stay (they lead nowhere), and so does the rest of the tree.
    expect(safe.map((n) => n.path)).toEqual(tree.map((n) => n.path));
    expect(safe.at(-1)!.children.map((n) => n.path)).toEqual(['/dir/bad', '/dir/page']);
  });
});
