import type { InboxMessageRow, ReceivedNoticeRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { json, stubApi } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import InboxPage from './inbox-page';

const page = <T,>(items: T[]) => ({
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  items,
  hasPrevPage: false,
  hasNextPage: false,
});
const notice: ReceivedNoticeRow = {
  noticeId: '31',
  userId: '1',
  title: 'Office move',
  content: '<p>We move on Monday.</p>',
  type: 2,
  status: 1,
  publicUserName: 'Admin',
  publicOrgName: null,
  publicTime: '2026-11-24T08:00:00+00:00',
  cancelTime: null,
  readStatus: 0,
  readTime: null,
};
const message: InboxMessageRow = {
  id: '41',
  title: 'Backup tonight',
  message: 'Expect a short pause at 23:00.',
  messageType: 'warning',
  sendUserId: '2',
  sendUserName: 'Ops',
  sendTime: '2026-11-24T09:00:00+00:00',
  readStatus: 0,
  readTime: null,
};

let calls: string[];
let noticeQueries: Record<string, unknown>[];
beforeEach(() => {
  calls = [];
  noticeQueries = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'POST /api/sysNotice/pageReceived': (init) => {
      noticeQueries.push(JSON.parse(String(init?.body)));
      return json(page([notice]));
    },
    'POST /api/sysNotice/setRead': (init) => {
      calls.push(`setRead ${String(init?.body)}`);
      return json(null);
    },
    'POST /api/sysMessage/pageReceived': () => json(page([message])),
    'GET /api/sysMessage/detail': () => {
      calls.push('detail');
      return json({ ...message, readStatus: 1 });
    },
    'POST /api/sysMessage/setAllRead': () => {
      calls.push('setAllRead');
      return json(1);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('inbox page', () => {
  it('opens a received notice (marking it read) and filters unread ones', async () => {
    await renderPage(<InboxPage />);
    fireEvent.click(await screen.findByText('Office move'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('We move on Monday.')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('setRead {"id":"31"}'));
    // The filter in the tab bar comes before the read state of the rows.
    fireEvent.click(screen.getAllByText('Unread')[0]!);
    await waitFor(() => expect(noticeQueries.at(-1)).toMatchObject({ readStatus: 0, page: 1 }));
  });

  it('shows a message through its detail and marks every message read', async () => {
    await renderPage(<InboxPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Messages' }));
    fireEvent.click(await screen.findByText('Backup tonight'));
    expect(await screen.findByText('Expect a short pause at 23:00.')).toBeTruthy();
    expect(calls).toContain('detail');
    fireEvent.click(screen.getByRole('button', { name: /Mark all read/ }));
    await waitFor(() => expect(calls).toContain('setAllRead'));
  });
});
