import type { ReceivedNoticeRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { json, stubApi } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { NoticeWidget } from './notice-widget';

const received = (noticeId: string, title: string, readStatus: number): ReceivedNoticeRow => ({
  noticeId,
  userId: '1',
  title,
  content: `<p>${title}: the details.</p>`,
  type: 1,
  status: 1,
  publicUserName: 'Admin',
  publicOrgName: null,
  publicTime: '2026-11-24T08:00:00+00:00',
  cancelTime: null,
  readStatus,
  readTime: readStatus ? '2026-11-24T09:00:00+00:00' : null,
});

let queries: Record<string, unknown>[];
let marked: unknown[];
beforeEach(() => {
  queries = [];
  marked = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'POST /api/sysNotice/pageReceived': (init) => {
      queries.push(JSON.parse(String(init?.body)));
      // As the server answers: a notice marked read comes back read.
      const items = [
        received('51', 'Parking closed', marked.length ? 1 : 0),
        received('52', 'Canteen menu', 1),
      ];
      return json({
        page: 1,
        pageSize: 5,
        total: items.length,
        totalPages: 1,
        items,
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'POST /api/sysNotice/setRead': (init) => {
      marked.push(JSON.parse(String(init?.body)));
      return json(null);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

/** The strong (unread) title of a notice the widget lists, or null when it shows it read. */
const boldTitle = (title: string) =>
  within(screen.getByTestId('notice-widget')).getByText(title).closest('strong');

describe('dashboard notice widget', () => {
  it('lists the newest received notices, unread ones in bold', async () => {
    await renderPage(<NoticeWidget />);
    const widget = await screen.findByTestId('notice-widget');
    await within(widget).findByText('Parking closed');
    expect(within(widget).getByText('Canteen menu')).toBeTruthy();
    expect(queries).toEqual([{ page: 1, pageSize: 5 }]);
    expect(boldTitle('Parking closed')).not.toBeNull();
    expect(boldTitle('Canteen menu')).toBeNull();
  });

  it('opens an unread notice in place and marks it read through the API', async () => {
    await renderPage(<NoticeWidget />);
    fireEvent.click(await screen.findByText('Parking closed'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Parking closed: the details.')).toBeTruthy();
    await waitFor(() => expect(marked).toEqual([{ id: '51' }]));
    // The list is read again and shows it read.
    await waitFor(() => expect(queries).toHaveLength(2));
    await waitFor(() => expect(boldTitle('Parking closed')).toBeNull());
  });

  it('opens a notice already read without marking it again', async () => {
    await renderPage(<NoticeWidget />);
    fireEvent.click(await screen.findByText('Canteen menu'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Canteen menu: the details.')).toBeTruthy();
    expect(marked).toEqual([]);
  });
});
