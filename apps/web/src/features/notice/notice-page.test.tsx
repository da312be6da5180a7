import type { NoticeRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import NoticePage from './notice-page';

const notice = (id: string, status: number, title: string): NoticeRow => ({
  id,
  title,
  content: '<p>Body</p>',
  type: 1,
  status,
  receiveType: 'all',
  receiveOrgIds: [],
  receiveUserIds: [],
  publicUserId: null,
  publicUserName: status ? 'Admin' : null,
  publicOrgId: null,
  publicOrgName: null,
  publicTime: status ? '2026-11-24T08:00:00+00:00' : null,
  cancelTime: null,
  recipientCount: status ? 5 : 0,
  readCount: status ? 2 : 0,
  createUserId: '1',
  createUserName: 'Admin',
  createTime: '2026-11-24T07:00:00+00:00',
  updateTime: null,
});

let published: unknown[];
let cancelled: unknown[];
let pages: Record<string, unknown>[];
beforeEach(() => {
  published = [];
  cancelled = [];
  pages = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({
          apis: [
            'sysNotice:page',
            'sysNotice:add',
            'sysNotice:public',
            'sysNotice:cancel',
            'sysNotice:delete',
          ],
        }),
      ),
    'POST /api/sysNotice/page': (init) => {
      pages.push(JSON.parse(String(init?.body)));
      // The server's answer: once cancelled, the published notice is listed as cancelled.
      const rows = [notice('11', 0, 'Draft one'), notice('12', cancelled.length ? 2 : 1, 'Published one')];
      return json({
        page: 1,
        pageSize: 20,
        total: 2,
        totalPages: 1,
        items: rows,
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'POST /api/sysNotice/public': (init) => {
      published.push(JSON.parse(String(init?.body)));
      return json({ recipientCount: 5 });
    },
    'POST /api/sysNotice/cancel': (init) => {
      cancelled.push(JSON.parse(String(init?.body)));
      return json(null);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('notice management page', () => {
  it('lists notices with their state and publishes a draft only after an irreversible confirmation', async () => {
    await renderPage(<NoticePage />);
    expect(await screen.findByText('Draft one')).toBeTruthy();
    expect(screen.getByText('Published one')).toBeTruthy();
    expect(screen.getByText('2 / 5')).toBeTruthy();
    // Only the draft can be published; the published one has neither publish nor delete.
    const publishButtons = screen.getAllByRole('button', { name: 'Publish' });
    expect(publishButtons).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);

    fireEvent.click(publishButtons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    expect(published).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published).toEqual([{ id: '11' }]));
  });

  it('cancels a published notice after a confirmation, then lists it as cancelled', async () => {
    await renderPage(<NoticePage />);
    await screen.findByText('Published one');
    const row = screen.getByText('Published one').closest('tr')!;
    expect(within(row).getByText('Published')).toBeTruthy();
    // Only the published notice can be cancelled.
    const cancelButtons = screen.getAllByRole('button', { name: 'Cancel notice' });
    expect(cancelButtons).toHaveLength(1);

    fireEvent.click(cancelButtons[0]!);
    const dialog = await screen.findByRole('dialog');
    // The confirmation names the notice and says what cancelling does.
    expect(dialog.textContent).toContain('Cancel "Published one"?');
    expect(dialog.textContent).toContain("The notice leaves its recipients' lists.");
    expect(cancelled).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel notice' }));
    await waitFor(() => expect(cancelled).toEqual([{ id: '12' }]));

    // The list is read again: the row shows its new state, cannot be cancelled again, and may be deleted.
    const after = () => screen.getByText('Published one').closest('tr')!;
    await waitFor(() => expect(within(after()).getByText('Cancelled')).toBeTruthy());
    expect(within(after()).queryByRole('button', { name: 'Cancel notice' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('searches by title, type and status', async () => {
    await renderPage(<NoticePage />);
    await screen.findByText('Draft one');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Holiday ' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ title: 'Holiday', page: 1 }));
  });

  it('opens the editor with its toolbar to write a notice', async () => {
    await renderPage(<NoticePage />);
    fireEvent.click(await screen.findByRole('button', { name: /New notice/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    for (const name of [
      'Bold',
      'Italic',
      'H2 (Heading 2)',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Undo',
    ]) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(dialog).getByRole('radio', { name: 'Everyone' })).toBeTruthy();
  });
});
