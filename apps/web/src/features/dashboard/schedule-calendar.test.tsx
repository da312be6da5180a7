import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { renderPage } from '../../test/render-page';
import { ScheduleCalendar } from './schedule-calendar';

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 200, type: 'success', message: '', result }), {
    headers: { 'content-type': 'application/json' },
  });
const ranges: { startTime: string; endTime: string }[] = [];
const calls: { path: string; body: unknown }[] = [];
const success = vi.fn();

const ENTRY = {
  id: '11',
  scheduleTime: '2026-11-22',
  startTime: '09:00',
  endTime: '10:00',
  content: 'Site inspection',
  status: 0,
  createTime: '2026-11-01T00:00:00+00:00',
};

beforeEach(() => {
  ranges.length = 0;
  calls.length = 0;
  setNotifier({ error: vi.fn(), success });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0]!;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === '/api/sysSchedule/page') {
        ranges.push(body);
        return ok(body.startTime <= ENTRY.scheduleTime && ENTRY.scheduleTime <= body.endTime ? [ENTRY] : []);
      }
      return ok(null);
    }),
  );
});

const today = dayjs('2026-11-22T10:00:00');
const month = () => screen.getByTestId('calendar-month').textContent;

describe('ScheduleCalendar', () => {
  it('marks days with entries and lists the chosen day', async () => {
    await renderPage(<ScheduleCalendar today={today} />);
    expect(await screen.findByTestId('marked-2026-11-22')).toBeTruthy();
    expect(screen.getByText('Site inspection')).toBeTruthy();
    // The month view asks for its whole weeks.
    expect(ranges[0]!.startTime <= '2026-11-01').toBe(true);
    expect(ranges[0]!.endTime >= '2026-11-30').toBe(true);
  });

  it('goes to the last month, the next month and back to today', async () => {
    await renderPage(<ScheduleCalendar today={today} />);
    await screen.findByTestId('marked-2026-11-22');
    fireEvent.click(screen.getByRole('button', { name: /last month/i }));
    expect(month()).toBe('2026-10');
    await waitFor(() =>
      expect(ranges.some((r) => r.startTime <= '2026-10-01' && r.endTime < '2026-11-22')).toBe(true),
    );
    expect(screen.queryByTestId('marked-2026-11-22')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /next month/i }));
    fireEvent.click(screen.getByRole('button', { name: /next month/i }));
    expect(month()).toBe('2026-12');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(month()).toBe('2026-11');
    expect(await screen.findByText('Site inspection')).toBeTruthy();
  });

  it('sets the status with "schedule status set success"', async () => {
    await renderPage(<ScheduleCalendar today={today} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Done' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Schedule status set success.'));
    expect(calls.find((c) => c.path === '/api/sysSchedule/setStatus')?.body).toEqual({ id: '11', status: 1 });
  });
});
