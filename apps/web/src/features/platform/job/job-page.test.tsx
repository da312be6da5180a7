import type { JobDetailRow, JobRecordRow, JobTriggerRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import JobPage from './job-page';

const trigger = (patch: Partial<JobTriggerRow> = {}): JobTriggerRow => ({
  id: '1',
  triggerId: 'ping_t',
  jobId: 'ping',
  kind: 'interval',
  expression: null,
  intervalMs: 30000,
  runAt: null,
  startTime: null,
  endTime: null,
  maxNumberOfRuns: 0,
  numberOfRuns: 3,
  maxNumberOfErrors: 0,
  numberOfErrors: 1,
  numRetries: 0,
  retryTimeout: 1000,
  status: 'ready',
  lastRunTime: '2026-11-24T10:00:00.000Z',
  nextRunTime: '2026-11-24T10:00:30.000Z',
  runOnStart: false,
  description: null,
  builtIn: false,
  ...patch,
});
const job = (patch: Partial<JobDetailRow> = {}): JobDetailRow => ({
  id: '10',
  jobId: 'ping',
  groupName: 'ops',
  jobType: 'http',
  description: 'Ping the site',
  concurrent: true,
  properties: null,
  createType: 2,
  http: { method: 'GET', url: '/api/sysAuth/captcha', headers: {}, body: null, timeoutMs: 5000 },
  builtIn: false,
  createTime: '2026-11-24T09:00:00.000Z',
  updateTime: null,
  triggers: [trigger()],
  ...patch,
});
const record: JobRecordRow = {
  id: '99',
  jobId: 'ping',
  triggerId: null,
  fireTime: null,
  attempt: 1,
  startedAt: '2026-11-24T10:01:00.000Z',
  finishedAt: '2026-11-24T10:01:00.042Z',
  elapsed: 42,
  status: 'failed',
  result: null,
  error: 'HTTP 503 unavailable',
  node: 'host:1:abc',
};
const page = <T,>(items: T[]) => ({
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  items,
  hasPrevPage: false,
  hasNextPage: false,
});

let posted: { path: string; body: unknown }[];
beforeEach(() => {
  posted = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  const remember = (path: string) => (init?: RequestInit) => {
    posted.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    return json(null);
  };
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({
          apis: [
            'sysJob:pageJobDetail',
            'sysJob:runJob',
            'sysJob:pauseTrigger',
            'sysJob:addJobTrigger',
            'sysJob:pageJobTriggerRecord',
            'sysJob:jobTriggerList',
          ],
        }),
      ),
    'POST /api/sysJob/pageJobDetail': () =>
      json(
        page([
          job(),
          job({
            id: '11',
            jobId: 'job_log_retention',
            jobType: 'logRetention',
            createType: 0,
            http: null,
            builtIn: true,
            triggers: [],
          }),
        ]),
      ),
    'POST /api/sysJob/runJob': remember('runJob'),
    'POST /api/sysJob/pauseTrigger': remember('pauseTrigger'),
    'POST /api/sysJob/pageJobTriggerRecord': () => json(page([record])),
    'GET /api/sysJob/cronPreview': () =>
      json([
        '2026-11-24T10:05:00.000Z',
        '2026-11-24T10:10:00.000Z',
        '2026-11-24T10:15:00.000Z',
        '2026-11-24T10:20:00.000Z',
        '2026-11-24T10:25:00.000Z',
      ]),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('job scheduling page', () => {
  it('lists jobs, runs one now, pauses a trigger and shows the history with duration and error', async () => {
    await renderPage(<JobPage />);
    expect(await screen.findByText('GET /api/sysAuth/captcha')).toBeTruthy();
    expect(screen.getByText('Log retention')).toBeTruthy();
    expect(screen.getByText('Built-in')).toBeTruthy();
    // Buttons follow the permissions: no add, no delete here.
    expect(screen.queryByRole('button', { name: 'Add job' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Delete' })).toHaveLength(0);

    const row = screen.getByText('ping').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'runJob', body: { jobId: 'ping' } }]));

    // The triggers open under the job.
    fireEvent.click(within(row).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('ping_t')).toBeTruthy();
    expect(screen.getByText('Every 30 s')).toBeTruthy();
    const triggerRow = screen.getByText('ping_t').closest('tr')!;
    fireEvent.click(within(triggerRow).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(posted[1]).toEqual({ path: 'pauseTrigger', body: { jobId: 'ping', triggerId: 'ping_t' } }),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('HTTP 503 unavailable')).toBeTruthy();
    expect(within(drawer).getByText('42 ms')).toBeTruthy();
    expect(within(drawer).getByText('By hand')).toBeTruthy();
    expect(within(drawer).getByText('Failed')).toBeTruthy();
  });

  it('previews the next five fires of a cron expression while a trigger is added', async () => {
    await renderPage(<JobPage />);
    const row = (await screen.findByText('ping')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Add trigger' }));
    const dialog = await screen.findByRole('dialog');
    const preview = await within(dialog).findByTestId('cron-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(5);
  });
});
