import { MENU_REGISTRY, type MenuNode } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ICON_NAMES } from '../../../shared/ui/menu-icons';
import { renderPage } from '../../../test/render-page';
import { IconPicker, searchIcons } from './icon-picker';

/** A form-like owner of the picker's value, reporting every change. */
function Harness({ initial, onChange }: { initial?: string; onChange(value: string | null): void }) {
  const [value, setValue] = useState<string | null>(initial ?? null);
  return (
    <IconPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const registryIcons = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'btn' ? [] : [...(n.icon ? [n.icon] : []), ...registryIcons(n.children)]));

describe('the icon catalogue', () => {
  it('holds every icon the menu registry uses, and the icons new menus use', () => {
    const used = new Set([
      ...registryIcons(MENU_REGISTRY as readonly MenuNode[]),
      'BankOutlined',
      'WifiOutlined',
    ]);
    for (const name of used) expect(MENU_ICON_NAMES, name).toContain(name);
    expect(MENU_ICON_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(MENU_ICON_NAMES.length).toBeLessThanOrEqual(100);
  });

  it('searches names case-insensitively, with or without the style suffix', () => {
    expect(searchIcons('wifi')).toEqual(['WifiOutlined']);
    expect(searchIcons('  BANK ')).toEqual(['BankOutlined']);
    expect(searchIcons('useroutlined')).toEqual(['UserOutlined']);
    expect(searchIcons('user').sort()).toEqual(['UserOutlined', 'UsergroupAddOutlined']);
    expect(searchIcons('no-such-icon')).toEqual([]);
    expect(searchIcons('')).toHaveLength(MENU_ICON_NAMES.length);
  });
});

describe('IconPicker', () => {
  it('narrows the grid by the search and takes the clicked icon', async () => {
    const onChange = vi.fn();
    await renderPage(<Harness onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose an icon' }));
    const search = await screen.findByRole('textbox', { name: 'Search icons' });
    expect(screen.getAllByRole('option')).toHaveLength(MENU_ICON_NAMES.length);

    fireEvent.change(search, { target: { value: 'bank' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['BankOutlined']);

    fireEvent.click(screen.getByRole('option', { name: 'BankOutlined' }));
    expect(onChange).toHaveBeenCalledWith('BankOutlined');
    // The trigger now names the chosen icon, and the grid has closed.
    expect(await screen.findByText('BankOutlined')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search icons' })).toBeNull());
  });

  it('says when nothing matches, marks the current icon and clears it', async () => {
    const onChange = vi.fn();
    await renderPage(<Harness initial="WifiOutlined" onChange={onChange} />);
    fireEvent.click(await screen.findByRole('button', { name: 'WifiOutlined, Choose an icon' }));
    const wifi = await screen.findByRole('option', { name: 'WifiOutlined' });
    expect(wifi.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'BankOutlined' }).getAttribute('aria-selected')).toBe('false');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search icons' }), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No icon matches')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the icon' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe('IconPicker with the keyboard', () => {
  it('makes the grid one tab stop, on the chosen icon, and moves through it with the arrows', async () => {
    await renderPage(<Harness initial="WifiOutlined" onChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'WifiOutlined, Choose an icon' }));
    const wifi = await screen.findByRole('option', { name: 'WifiOutlined' });
    const options = screen.getAllByRole('option');
    expect(options.filter((o) => o.tabIndex === 0)).toEqual([wifi]);

    wifi.focus();
    const grid = screen.getByRole('listbox');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(options[options.indexOf(wifi) + 1] ?? wifi);
    fireEvent.keyDown(grid, { key: 'Home' });
    expect(document.activeElement).toBe(options[0]);
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(options[0]);
    fireEvent.keyDown(grid, { key: 'End' });
    expect(document.activeElement).toBe(options.at(-1));
  });
});
