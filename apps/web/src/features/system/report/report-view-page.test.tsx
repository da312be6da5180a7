import type { ReportResultValue, ReportViewRow } from '@lintel/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { initI18n, loadMessages } from '../../../locales/i18n';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { createQueryClient, Providers } from '../../../test/render-page';
import ReportViewPage from './report-view-page';

const report: ReportViewRow = {
  id: '1300000007001',
  name: 'Accounts by organisation',
  params: [{ name: 'status', label: 'Status', type: 'text', required: true }],
  chart: { type: 'bar', xField: 'org_name', yFields: ['accounts'] },
  columns: [
    { field: 'org_name', title: 'Organisation' },
    { field: 'accounts', title: 'Accounts' },
  ],
};
const result: ReportResultValue = {
  columns: ['org_name', 'accounts'],
  rows: [
    { org_name: 'Head office', accounts: '3' },
    { org_name: 'Research', accounts: '2' },
  ],
  truncated: false,
  rowCap: 10000,
  elapsedMs: 4,
};

let runs: unknown[];
beforeEach(() => {
  runs = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysReportConfig:view'] })),
    'GET /api/sysReportConfig/view': () => json(report),
    'POST /api/sysReportConfig/run': (init) => {
      runs.push(JSON.parse(String(init?.body)));
      return json(result);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('report viewer', () => {
  it('asks for the parameters, runs the report and shows its table and chart under the tag’s name', async () => {
    await initI18n('en');
    await loadMessages('en');
    const router = createMemoryRouter(
      [{ path: '/report/view/:reportConfigId/:tagsViewName?', element: <ReportViewPage /> }],
      {
        initialEntries: [`/report/view/${report.id}/Monthly%20accounts`],
      },
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Monthly accounts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(await screen.findByText('Fill in Status.')).toBeTruthy();
    expect(runs).toEqual([]);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(await screen.findByText('Head office')).toBeTruthy();
    expect(screen.getByText('Research')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Organisation' })).toBeTruthy();
    expect(screen.getByTestId('report-chart').getAttribute('aria-label')).toBe(
      'Chart of Accounts by organisation',
    );
    await waitFor(() => expect(runs).toEqual([{ id: report.id, params: { status: '1' } }]));
  });
});
