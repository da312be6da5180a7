import type { MenuListNode } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { MenuFormModal, parentOptions, type MenuFormMode } from './menu-form-modal';

const node = (over: Partial<MenuListNode> & Pick<MenuListNode, 'id' | 'type' | 'title'>): MenuListNode => ({
  pid: '0',
  key: null,
  scope: 'platform',
  name: null,
  path: null,
  component: null,
  redirect: null,
  permission: null,
  icon: null,
  outLink: null,
  isIframe: false,
  isHide: false,
  isKeepAlive: true,
  isAffix: false,
  orderNo: 100,
  status: 1,
  remark: null,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: null,
  createUserName: null,
  updateUserName: null,
  children: [],
  ...over,
});

const button = node({ id: '30', pid: '20', type: 3, title: 'Add', permission: 'demo:add' });
const page = node({ id: '20', pid: '10', type: 2, title: 'Demo', path: '/demo', children: [button] });
const dir = node({ id: '10', type: 1, title: 'Tools', path: '/tools', children: [page] });
const registry = node({
  id: '40',
  type: 2,
  key: 'sysMenu',
  name: 'sysMenu',
  title: 'Menus',
  path: '/platform/menu',
  component: '/system/menu/index',
});
const TREE = [dir, registry];

async function open(mode: MenuFormMode, onSubmit = vi.fn(async () => {})) {
  await renderPage(
    <MenuFormModal mode={mode} tree={TREE} label={(n) => n.title} onSubmit={onSubmit} onClose={() => {}} />,
  );
  await screen.findByRole('dialog');
  return onSubmit;
}

const field = (label: string) => screen.queryByLabelText(label);
/** Types into a field and empties it again, as a user who leaves it blank. */
const clear = (label: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: 'x' } });
  fireEvent.change(screen.getByLabelText(label), { target: { value: ' ' } });
};
const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('MenuFormModal', () => {
  it('shows the fields of the chosen type', async () => {
    await open({ kind: 'add', pid: '0', type: 1 });
    // A directory: its route and icon, no page flags, no permission.
    expect(await screen.findByLabelText('Route path')).toBeTruthy();
    expect(field('Component path')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose an icon' })).toBeTruthy();
    expect(field('Hidden')).toBeTruthy();
    expect(field('Embedded')).toBeNull();
    expect(field('Link address')).toBeNull();
    expect(field('Permission')).toBeNull();
    expect((field('Component path') as HTMLInputElement).value).toBe('Layout');

    // A menu adds its link address and page flags.
    fireEvent.click(screen.getByRole('radio', { name: 'Menu' }));
    expect(await screen.findByLabelText('Link address')).toBeTruthy();
    expect(field('Embedded')).toBeTruthy();
    expect(field('Keep alive')).toBeTruthy();
    expect(field('Affixed tab')).toBeTruthy();
    expect(field('Permission')).toBeNull();

    // A button is a title and a permission code.
    fireEvent.click(screen.getByRole('radio', { name: 'Button' }));
    expect(await screen.findByLabelText('Permission')).toBeTruthy();
    expect(field('Route path')).toBeNull();
    expect(field('Component path')).toBeNull();
    expect(field('Link address')).toBeNull();
    expect(field('Hidden')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose an icon' })).toBeNull();
  });

  it('names each missing required field', async () => {
    const onSubmit = await open({ kind: 'add', pid: '0', type: 2 });
    await screen.findByLabelText('Route path');
    clear('Menu name');
    clear('Route path');
    expect(await screen.findByText('Please enter the menu name')).toBeTruthy();
    expect(await screen.findByText('Please enter the route path')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Button' }));
    await screen.findByLabelText('Permission');
    clear('Permission');
    expect(await screen.findByText('Please enter the permission code')).toBeTruthy();
    // A button cannot stay at the top level: the parent is checked again when the type changes.
    expect(await screen.findByText(/A button belongs under a menu/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not submit while a required field is empty', async () => {
    const onSubmit = await open({ kind: 'add', pid: '0', type: 2 });
    await screen.findByLabelText('Route path');
    save();
    expect(await screen.findByText('Please enter the menu name')).toBeTruthy();
    expect(screen.getByText('Please enter the route path')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the fields of its type', async () => {
    const onSubmit = await open({ kind: 'add', pid: '20', type: 3 });
    await screen.findByLabelText('Permission');
    fireEvent.change(screen.getByLabelText('Menu name'), { target: { value: 'Export' } });
    fireEvent.change(screen.getByLabelText('Permission'), { target: { value: 'demo:export' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, mode] = onSubmit.mock.calls[0] as unknown as [Record<string, unknown>, MenuFormMode];
    expect(values).toMatchObject({
      type: 3,
      pid: '20',
      title: 'Export',
      permission: 'demo:export',
      status: 1,
    });
    expect(values).not.toHaveProperty('path');
    expect(values).not.toHaveProperty('icon');
    expect(mode.kind).toBe('add');
  });

  it('refuses link addresses a browser would run, and sends good ones', async () => {
    const onSubmit = await open({ kind: 'add', pid: '10', type: 2 });
    await screen.findByLabelText('Link address');
    fireEvent.change(screen.getByLabelText('Menu name'), { target: { value: 'Docs' } });
    fireEvent.change(screen.getByLabelText('Route path'), { target: { value: '/tools/docs' } });
    const link = (value: string) =>
      fireEvent.change(screen.getByLabelText('Link address'), { target: { value } });
    const message = /full http, https or ftp address/;
    for (const bad of [
      'javascript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://user:secret@example.com/',
      '//evil.example/',
    ]) {
      link(bad);
      save();
      expect(await screen.findByText(message), bad).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    link('https://example.com/docs');
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(values).toMatchObject({ outLink: 'https://example.com/docs' });
  });

  it('keeps a registry menu’s own page link (/swagger) valid', async () => {
    const swagger = node({
      id: '50',
      type: 2,
      key: 'sysApi',
      title: 'API',
      path: '/platform/api',
      outLink: '/swagger',
      isIframe: true,
    });
    const onSubmit = await open({ kind: 'edit', row: swagger });
    await screen.findByLabelText('Link address');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('copies a row with its title suffixed', async () => {
    await open({ kind: 'copy', row: page });
    await screen.findByLabelText('Route path');
    expect((screen.getByLabelText('Menu name') as HTMLInputElement).value).toBe('Demo - copy');
    expect((screen.getByLabelText('Route path') as HTMLInputElement).value).toBe('/demo');
  });

  it('keeps a registry menu’s structure fixed on edit', async () => {
    await open({ kind: 'edit', row: registry });
    await screen.findByLabelText('Route path');
    expect((screen.getByLabelText('Route path') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Component path') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Menu' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Menu name') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('parentOptions', () => {
  const flatten = (options: ReturnType<typeof parentOptions>): [string, boolean][] =>
    options.flatMap((o) => [[o.value, !!o.disabled] as [string, boolean], ...flatten(o.children)]);

  it('offers directories and menus, never buttons, and only menus to a button', () => {
    expect(flatten(parentOptions(TREE, 2, (n) => n.title, 'Top'))).toEqual([
      ['0', false],
      ['10', false],
      ['20', false],
      ['40', false],
    ]);
    expect(flatten(parentOptions(TREE, 3, (n) => n.title, 'Top'))).toEqual([
      ['0', true],
      ['10', true],
      ['20', false],
      ['40', false],
    ]);
  });

  it('keeps a menu out of its own branch', () => {
    const options = flatten(parentOptions(TREE, 1, (n) => n.title, 'Top', new Set(['10', '20', '30'])));
    expect(options).toEqual([
      ['0', false],
      ['10', true],
      ['40', false],
    ]);
  });
});
