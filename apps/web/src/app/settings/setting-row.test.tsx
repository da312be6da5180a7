import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ColorRow } from './setting-row';
import { DEFAULT_THEME_CONFIG, useThemeConfig } from './theme-config';

afterEach(() => useThemeConfig.getState().reset());

it('refuses to empty the primary colour: the colour stays and the user is told', async () => {
  const onEmpty = vi.fn();
  render(<ColorRow config={DEFAULT_THEME_CONFIG} name="primary" label="Primary" onEmpty={onEmpty} />);
  await userEvent.click(screen.getByTestId('setting-primary').querySelector('.ant-color-picker-trigger')!);
  const clear = await waitFor(() => {
    const el = document.querySelector('.ant-color-picker-clear');
    if (!el) throw new Error('no clear button yet');
    return el;
  });
  await userEvent.click(clear);
  expect(onEmpty).toHaveBeenCalled();
  expect(useThemeConfig.getState().primary).toBe(DEFAULT_THEME_CONFIG.primary);
});
