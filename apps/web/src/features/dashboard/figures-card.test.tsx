import { screen, within } from '@testing-library/react';
import type { DashboardFigures } from '@lintel/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { FiguresCard } from './figures-card';
import { formatBytes } from './figures-api';

const FIGURES: DashboardFigures = {
  onlineUsers: 3,
  accounts: 42,
  signInsToday: 17,
  activeUsers7d: 25,
  signInsByDay: ['18', '19', '20', '21', '22', '23', '24'].map((d, i) => ({ day: `2026-11-${d}`, count: i })),
  files: { count: 9, bytes: 5 * 1024 * 1024 },
  jobs: null,
  schedule: { weekDone: 1, weekTotal: 4, monthDone: 3, monthTotal: 4 },
};

let answer: DashboardFigures;
const urls: string[] = [];

beforeEach(() => {
  answer = FIGURES;
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ code: 200, type: 'success', message: '', result: answer }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

describe('FiguresCard', () => {
  it('shows the counts the server gives, in the browser’s time zone, with schedule progress', async () => {
    await renderPage(<FiguresCard />);
    const online = await screen.findByTestId('figure-online');
    expect(online.textContent).toContain('Online now');
    expect(online.textContent).toContain('3');
    expect(screen.getByTestId('figure-signInsToday').textContent).toContain('17');
    expect(screen.getByTestId('figure-files').textContent).toContain('5.0 MB');
    expect(screen.queryByTestId('figure-jobs')).toBeNull();
    const progress = screen.getByTestId('figure-progress');
    expect(within(progress).getByText('This week: 1 of 4 done')).toBeTruthy();
    expect(progress.textContent).toContain('25%');
    expect(progress.textContent).toContain('75%');
    // Each bar is named by its line of text (the accessibility suite checks progress bars).
    expect(within(progress).getByRole('progressbar', { name: 'This week: 1 of 4 done' })).toBeTruthy();
    expect(within(progress).getByRole('progressbar', { name: 'This month: 3 of 4 done' })).toBeTruthy();
    expect(urls[0]).toMatch(/^\/api\/sysDashboard\/figures\?tz=/);
  });

  it('shows job runs and failures when the server gives them (the super admin)', async () => {
    answer = { ...FIGURES, jobs: { succeeded: 12, failed: 2 } };
    await renderPage(<FiguresCard />);
    const jobs = await screen.findByTestId('figure-jobs');
    expect(jobs.textContent).toContain('12');
    expect(jobs.textContent).toContain('2 failed');
  });

  it('formats sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
