import type { OrgNode, UserRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { pageOf, sysInfo, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { toUserInput } from './user-form-modal';
import UserPage from './user-page';

vi.mock('../../../shared/session/encrypt-password', () => ({
  encryptPassword: async (password: string, key: string) => `sm2(${key}:${password})`,
}));

const row = (over: Partial<UserRow>): UserRow => ({
  id: '11',
  account: 'staff',
  realName: '张工',
  nickName: null,
  avatar: null,
  sex: 1,
  phone: '13800000003',
  email: null,
  accountType: 777,
  orgId: '203',
  orgName: '开发部',
  posId: null,
  posName: null,
  jobNum: null,
  status: 1,
  orderNo: 100,
  locked: false,
  lastLoginIp: null,
  lastLoginTime: null,
  createTime: '2026-11-01T08:00:00.000+08:00',
  ...over,
});
const org = (id: string, name: string, children: OrgNode[] = []): OrgNode => ({
  id,
  pid: '0',
  name,
  code: null,
  level: null,
  type: null,
  directorId: null,
  orderNo: 100,
  status: 1,
  remark: null,
  createTime: '2026-11-01T08:00:00.000+08:00',
  updateTime: null,
  createUserName: null,
  updateUserName: null,
  children,
});

const BUTTONS = [
  'sysUser:page',
  'sysUser:detail',
  'sysUser:add',
  'sysUser:update',
  'sysUser:delete',
  'sysUser:setStatus',
  'sysUser:resetPwd',
  'sysUser:unlockLogin',
  'sysUser:grantRole',
  'sysUser:export',
  'sysOrg:list',
];

let pages: Record<string, unknown>[];
let hiddenFields: { tableName: string; columns: string[] }[];
let sent: Record<string, unknown>[];
beforeEach(() => {
  pages = [];
  sent = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  hiddenFields = [];
  stubApi({
    'GET /api/sysRole/userRoleTableList': () => json(hiddenFields),
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: BUTTONS })),
    'GET /api/sysOrg/list': () => json([org('201', '系统默认', [org('203', '开发部')])]),
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo({ publicKey: 'PK' })),
    'POST /api/sysUser/page': (init) => {
      const body = JSON.parse(String(init?.body));
      pages.push(body);
      return json(
        pageOf(
          body.orgId === '203'
            ? [row({})]
            : [
                row({}),
                row({ id: '12', account: 'member', locked: true }),
                row({ id: '13', account: 'otheradmin', accountType: 888 }),
                row({ id: '1', account: 'admin', accountType: 888 }),
              ],
        ),
      );
    },
    'POST /api/sysUser/export': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response('account\r\nstaff\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="accounts.csv"`,
        },
      });
    },
    'POST /api/sysUser/resetPwd': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return json('Lintel@2026');
    },
    'POST /api/sysUser/unlockLogin': (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return json(null);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('accounts page', () => {
  it("leaves out the fields the caller's field blacklist hides, in the table and the form", async () => {
    hiddenFields = [{ tableName: 'sysUser', columns: ['phone', 'email'] }];
    await renderPage(<UserPage />);
    expect(await screen.findByText('member')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Phone number' })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Real name')).toBeTruthy();
    expect(within(dialog).queryByText('Phone number')).toBeNull();
    expect(within(dialog).queryByText('E-mail')).toBeNull();
  });

  it('lists accounts and narrows them to an organisation picked in the tree', async () => {
    await renderPage(<UserPage />);
    expect(await screen.findByText('member')).toBeTruthy();
    expect(screen.getByText('4 accounts')).toBeTruthy();
    fireEvent.click(await screen.findByText('开发部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ orgId: '203', page: 1, pageSize: 20 }));
    await waitFor(() => expect(screen.queryByText('member')).toBeNull());
  });

  it('offers only the actions the account policy allows: none on another administrator, none that end or widen one’s own access', async () => {
    await renderPage(<UserPage />);
    const actions = async (account: string) => {
      const tr = (await screen.findByText(account, { selector: 'td *, td' })).closest('tr') as HTMLElement;
      return {
        buttons: within(tr)
          .queryAllByRole('button')
          .map((b) => b.getAttribute('aria-label') ?? b.textContent),
        switch: within(tr).queryByRole('switch'),
      };
    };
    const staff = await actions('staff');
    expect(staff.buttons).toEqual(expect.arrayContaining(['Edit', 'Reset password', 'Roles']));
    expect(staff.switch).toBeTruthy();
    const peer = await actions('otheradmin');
    expect(peer.buttons).not.toContain('Edit');
    expect(peer.buttons).not.toContain('Reset password');
    expect(peer.switch).toBeNull();
    const self = await actions('admin');
    expect(self.buttons).toContain('Edit');
    expect(self.buttons).not.toContain('Reset password');
    expect(self.buttons).not.toContain('Roles');
    expect(self.switch).toBeNull();
  });

  it('marks a locked account and unlocks it', async () => {
    await renderPage(<UserPage />);
    const locked = (await screen.findByText('member')).closest('tr')!;
    expect(within(locked as HTMLElement).getByText('Locked')).toBeTruthy();
    fireEvent.click(within(locked as HTMLElement).getByRole('button', { name: 'Unlock sign-in' }));
    await waitFor(() => expect(sent).toEqual([{ id: '12' }]));
  });

  it('resets a password to the tenant default and shows the new one', async () => {
    await renderPage(<UserPage />);
    const staff = (await screen.findByText('staff')).closest('tr')!;
    fireEvent.click(within(staff as HTMLElement).getByRole('button', { name: 'Reset password' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByTestId('new-password')).toBeTruthy();
    expect(screen.getByText('Lintel@2026')).toBeTruthy();
    expect(sent).toEqual([{ id: '11' }]);
  });

  it('refuses a weak typed password and encrypts a good one', async () => {
    await renderPage(<UserPage />);
    const staff = (await screen.findByText('staff')).closest('tr')!;
    fireEvent.click(within(staff as HTMLElement).getByRole('button', { name: 'Reset password' }));
    const input = await screen.findByLabelText('Password');
    fireEvent.change(input, { target: { value: 'weak' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/upper and lower case/i)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: 'Good#Pass1' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(sent).toEqual([{ id: '11', password: 'sm2(PK:Good#Pass1)' }]));
  });

  it('asks for the account, the real name and the organisation before saving', async () => {
    await renderPage(<UserPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the account name')).toBeTruthy();
    expect(screen.getByText('Enter the real name')).toBeTruthy();
    expect(screen.getByText('Choose an organisation')).toBeTruthy();
  });
});

describe('accounts page list tools', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
  });

  it('exports the filtered accounts with the columns the user shows, in their order', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:accounts');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderPage(<UserPage />);
    await screen.findByText('member');
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Phone number' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Organisation' }));
    // Past the hidden phone and organisation columns, then past the position.
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Move Real name down' }));
    fireEvent.click(await screen.findByText('开发部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ orgId: '203' }));

    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click((await screen.findAllByRole('menuitem', { name: 'CSV (.csv)' }))[1]!);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        page: 1,
        pageSize: 20,
        orgId: '203',
        format: 'csv',
        range: 'all',
        columns: [
          { key: 'account', title: 'Account' },
          { key: 'posName', title: 'Position' },
          { key: 'realName', title: 'Real name' },
          { key: 'accountType', title: 'Account type' },
          { key: 'status', title: 'Status' },
          { key: 'orderNo', title: 'Order' },
          { key: 'lastLoginTime', title: 'Last sign-in' },
          { key: 'createTime', title: 'Created' },
        ],
      },
    ]);
  });
});

describe('toUserInput', () => {
  it('sends dates as calendar days, trims names and drops empty affiliated rows', () => {
    const input = toUserInput({
      account: ' zhang ',
      realName: ' 张三 ',
      orgId: '203',
      birthday: dayjs('1990-05-06'),
      joinDate: null,
      extOrgIdList: [{ orgId: '202', posId: null }, { orgId: '' }],
    });
    expect(input).toMatchObject({
      account: 'zhang',
      realName: '张三',
      birthday: '1990-05-06',
      joinDate: null,
      cultureLevel: null,
      posId: null,
      extOrgIdList: [{ orgId: '202', posId: null }],
    });
  });
});
