import type { UpgradeNote } from '@lintel/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { local } from '../../../shared/storage';
import { DEFAULT_THEME_CONFIG, useThemeConfig } from '../../settings/theme-config';
import type { BuildInfo } from './build-info';
import { REJECTED_BUILD_KEY, UPGRADE_CHECK_INTERVAL_MS, UpgradePrompt } from './upgrade-prompt';

const running: BuildInfo = { version: '0.1.0', buildId: 'old' };
const next: BuildInfo = { version: '0.2.0', buildId: 'new' };
const none = async (): Promise<UpgradeNote[]> => [];
const show = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  localStorage.clear();
  useThemeConfig.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('upgrade prompt', () => {
  it('says nothing while the server has the running build', async () => {
    const check = vi.fn(async () => running);
    show(<UpgradePrompt unread={none} running={running} check={check} />);
    await waitFor(() => expect(check).toHaveBeenCalled());
    expect(screen.queryByText('发现新版本')).toBeNull();
  });

  it('offers a new build; updating restores the default configuration and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    useThemeConfig.getState().set({ layout: 'classic', tagsStyle: 'tags-style-five' });
    show(<UpgradePrompt unread={none} running={running} check={async () => next} />);
    expect(await screen.findByText('发现新版本')).toBeTruthy();
    expect(screen.getByText(/新版本 0\.2\.0 已发布/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '马上更新' }));
    expect(await screen.findByRole('button', { name: /更新中/ })).toBeTruthy();
    expect(useThemeConfig.getState().layout).toBe(DEFAULT_THEME_CONFIG.layout);
    expect(useThemeConfig.getState().tagsStyle).toBe('tags-style-one');
    expect(reload).toHaveBeenCalled();
  });

  it('rejecting silences that build, not a later one', async () => {
    const check = vi.fn(async () => next);
    const { unmount } = show(<UpgradePrompt unread={none} running={running} check={check} />);
    await userEvent.click(await screen.findByRole('button', { name: '残忍拒绝' }));
    await waitFor(() => expect(screen.queryByText('发现新版本')).toBeNull());
    expect(local.get(REJECTED_BUILD_KEY)).toBe('new');
    unmount();
    show(<UpgradePrompt unread={none} running={running} check={check} />);
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('发现新版本')).toBeNull();
    check.mockResolvedValue({ version: '0.3.0', buildId: 'newer' });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText(/新版本 0\.3\.0 已发布/)).toBeTruthy();
  });

  it('checks again every 5 minutes and when the tab is shown', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => running);
    show(<UpgradePrompt unread={none} running={running} check={check} />);
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(UPGRADE_CHECK_INTERVAL_MS));
    expect(check).toHaveBeenCalledTimes(2);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('does not check without a compiled-in build (dev server, unit tests)', () => {
    const check = vi.fn(async () => next);
    show(<UpgradePrompt unread={none} running={null} check={check} />);
    expect(check).not.toHaveBeenCalled();
  });

  it('shows the newest unread release note with its Markdown; either answer marks the notes read', async () => {
    const notes: UpgradeNote[] = [
      {
        id: '2',
        version: '0.3.0',
        title: 'Reports arrive',
        content: '- **Charts** in reports',
        publishTime: '2026-11-25T00:00:00.000Z',
        read: false,
      },
      {
        id: '1',
        version: '0.2.0',
        title: 'Older',
        content: '',
        publishTime: '2026-11-20T00:00:00.000Z',
        read: false,
      },
    ];
    const markRead = vi.fn(async () => null);
    // The build is the running one: the note alone opens the prompt.
    show(
      <UpgradePrompt
        running={running}
        check={async () => running}
        unread={async () => notes}
        markRead={markRead}
      />,
    );
    const note = await screen.findByTestId('upgrade-note');
    expect(note.textContent).toContain('Reports arrive');
    // The Markdown is rendered, not shown as text.
    await waitFor(() =>
      expect([...note.querySelectorAll('strong')].map((el) => el.textContent)).toContain('Charts'),
    );
    expect(screen.getByText(/新版本 0\.3\.0 已发布/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '残忍拒绝' }));
    await waitFor(() => expect(screen.queryByTestId('upgrade-note')).toBeNull());
    expect(markRead).toHaveBeenCalledWith(['2', '1']);
    expect(local.get(REJECTED_BUILD_KEY)).toBeNull();
  });
});
