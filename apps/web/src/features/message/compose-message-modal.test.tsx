import type { PickedUserRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { userInfo } from '../../test/fixtures';
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
const account = (id: string, name: string, realName: string): PickedUserRow => ({
  id,
  account: name,
  realName,
  orgName: 'Ops',
});
const ACCOUNTS = [account('112', 'staff', 'Sam Staff'), account('113', 'stella', 'Stella Ng')];
const ALL_SEND = [
  'sysMessage:sendUser',
  'sysMessage:sendUsers',
  'sysMessage:sendAllUser',
  'sysMessage:sendOtherUser',
] as const;

let sent: { route: string; body: unknown }[];
let success: ReturnType<typeof vi.fn<(text: string) => void>>;
let fetchSpy: ReturnType<typeof stubApi>;

function setup(apis: readonly string[]) {
  const send = (route: string) => (init?: RequestInit) => {
    sent.push({ route, body: JSON.parse(String(init?.body)) });
    return json({ id: '900', recipientCount: 2, onlineCount: 1 });
  };
  fetchSpy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: [...apis] })),
    'POST /api/sysNotice/pageReceived': () => json(page([])),
    'POST /api/sysMessage/pageReceived': () => json(page([])),
    'POST /api/sysUser/pickList': (init) => {
      const { keyword } = JSON.parse(String(init?.body)) as { keyword: string };
      return json(ACCOUNTS.filter((u) => u.account.includes(keyword.toLowerCase())));
    },
    'POST /api/sysMessage/sendUser': send('sendUser'),
    'POST /api/sysMessage/sendUsers': send('sendUsers'),
    'POST /api/sysMessage/sendAllUser': send('sendAllUser'),
    'POST /api/sysMessage/sendOtherUser': send('sendOtherUser'),
  });
}

beforeEach(() => {
  sent = [];
  success = vi.fn<(text: string) => void>();
  setNotifier({ error: vi.fn(), success });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

async function openCompose() {
  await renderPage(<InboxPage />);
  fireEvent.click(await screen.findByRole('button', { name: /New message/ }));
  return screen.findByRole('dialog');
}

/** Types into the account search and picks the account whose option reads `label`. */
async function pick(dialog: HTMLElement, text: string, label: string) {
  fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: text } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      o.textContent?.includes(label),
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

function write(dialog: HTMLElement, title: string, message: string) {
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: title } });
  fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: message } });
}

const send = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

describe('composing a message in the inbox', () => {
  it('is not offered to an account without a send permission', async () => {
    setup([]);
    await renderPage(<InboxPage />);
    await screen.findByRole('button', { name: /Mark all read/ });
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/api/sysAuth/userInfo'))).toBe(true),
    );
    // Let the user info settle into the page before looking.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /New message/ })).toBeNull();
  });

  it('offers only the ways of addressing the caller holds', async () => {
    setup(['sysMessage:sendAllUser', 'sysMessage:sendOtherUser']);
    const dialog = await openCompose();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Everyone', 'Everyone else', 'Information', 'Success', 'Warning', 'Error']);
  });

  it('refuses to send without recipient, title and message', async () => {
    setup(ALL_SEND);
    const dialog = await openCompose();
    send(dialog);
    expect(await within(dialog).findByText('Choose the account to write to')).toBeTruthy();
    expect(within(dialog).getByText('Enter a title')).toBeTruthy();
    expect(within(dialog).getByText('Enter the message')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Several accounts' }));
    await within(dialog).findByText('Accounts');
    send(dialog);
    expect(await within(dialog).findByText('Choose at least one account')).toBeTruthy();
    // A blank title is no title.
    write(dialog, '   ', 'Hello');
    send(dialog);
    expect(await within(dialog).findByText('Enter a title')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends to one account through sendUser, toasts and closes', async () => {
    setup(ALL_SEND);
    const dialog = await openCompose();
    await pick(dialog, 'staff', 'Sam Staff (staff) · Ops');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Warning' }));
    write(dialog, 'Backup tonight', 'Save your work by 18:00.');
    send(dialog);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          route: 'sendUser',
          body: {
            receiveUserId: '112',
            title: 'Backup tonight',
            messageType: 'warning',
            message: 'Save your work by 18:00.',
          },
        },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Message sent. Recipients: 2, online now: 1'));
    // The dialog closes (happy-dom runs no animation, so it stays in its leaving state).
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-leave'));
  });

  it('sends to several accounts through sendUsers', async () => {
    setup(ALL_SEND);
    const dialog = await openCompose();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Several accounts' }));
    await within(dialog).findByText('Accounts');
    await pick(dialog, 'staff', 'Sam Staff (staff)');
    await pick(dialog, 'stel', 'Stella Ng (stella)');
    write(dialog, 'Team lunch', 'Friday at noon.');
    send(dialog);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          route: 'sendUsers',
          body: {
            userIds: ['112', '113'],
            title: 'Team lunch',
            messageType: 'info',
            message: 'Friday at noon.',
          },
        },
      ]),
    );
  });

  it.each([
    ['Everyone', 'sendAllUser'],
    ['Everyone else', 'sendOtherUser'],
  ])('sends to %s through %s with the message alone', async (mode, route) => {
    setup(ALL_SEND);
    const dialog = await openCompose();
    fireEvent.click(within(dialog).getByRole('radio', { name: mode }));
    await waitFor(() => expect(within(dialog).queryByRole('combobox')).toBeNull());
    write(dialog, 'Office closed', 'Closed on Monday.');
    send(dialog);
    await waitFor(() =>
      expect(sent).toEqual([
        { route, body: { title: 'Office closed', messageType: 'info', message: 'Closed on Monday.' } },
      ]),
    );
  });
});
