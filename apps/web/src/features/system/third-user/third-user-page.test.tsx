import type { ThirdUserRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import ThirdUserPage from './third-user-page';

const ROWS: ThirdUserRow[] = [
  {
    id: '1300000000951',
    userId: '1300000000112',
    account: 'staff',
    nickName: 'Staff Member',
    mobile: null,
    platformType: 'oauth',
    platformCode: 'gitee',
    platformName: 'Gitee',
    openId: 'gitee-42',
    externalName: null,
    avatar: null,
    createTime: '2026-11-25T08:00:00+08:00',
  },
  {
    id: '1300000000952',
    userId: '1300000000113',
    account: 'member',
    nickName: 'Member',
    mobile: '13800000000',
    platformType: 'ldap',
    platformCode: 'ldap',
    platformName: 'LDAP',
    openId: 'uid=member,dc=school,dc=test',
    externalName: null,
    avatar: null,
    createTime: '2026-11-25T08:05:00+08:00',
  },
  {
    id: '1300000000953',
    userId: '1300000000111',
    account: 'admin',
    nickName: 'Admin',
    mobile: null,
    platformType: 'wechat',
    platformCode: 'weixin',
    platformName: 'WeChat',
    openId: 'oUnion_admin_0000000000000001',
    externalName: '管理员',
    avatar: 'https://thirdwx.qlogo.cn/mmopen/vi_32/admin/132',
    createTime: '2026-11-25T08:10:00+08:00',
  },
];

let unbound: string[];
let pages: Record<string, unknown>[];
beforeEach(() => {
  unbound = [];
  pages = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(userInfo({ apis: ['sysWechatUser:page', 'sysWechatUser:delete'] })),
    'POST /api/sysWechatUser/page': (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      pages.push(body);
      const items = ROWS.filter(
        (r) => !unbound.includes(r.id) && (!body.platformType || r.platformType === body.platformType),
      );
      return json({ page: 1, pageSize: 20, total: items.length, totalPages: 1, items });
    },
    'POST /api/sysWechatUser/delete': (init) => {
      unbound.push((JSON.parse(String(init?.body)) as { id: string }).id);
      return json(null);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('third-party users page', () => {
  it('lists sign-in bindings and directory links, and unbinds one after confirmation', async () => {
    await renderPage(<ThirdUserPage />);
    expect(await screen.findByText('gitee-42')).toBeTruthy();
    expect(screen.getByText('uid=member,dc=school,dc=test')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Unbind' })[0]!);
    expect(await screen.findByText(/Unbind staff from Gitee\?/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Unbind' }).at(-1)!);
    await waitFor(() => expect(unbound).toEqual([ROWS[0]!.id]));
    await waitFor(() => expect(screen.queryByText('gitee-42')).toBeNull());
    expect(pages.length).toBeGreaterThan(1);
  });

  it('shows WeChat bindings with the WeChat nickname, filters by that kind and unbinds them', async () => {
    await renderPage(<ThirdUserPage />);
    expect(await screen.findByText('oUnion_admin_0000000000000001')).toBeTruthy();
    expect(screen.getByText('管理员')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Kind'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.textContent === 'WeChat',
      );
      if (!found) throw new Error('no WeChat option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ platformType: 'wechat' }));
    await waitFor(() => expect(screen.queryByText('gitee-42')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: 'Unbind' })[0]!);
    expect(await screen.findByText(/Unbind admin from WeChat\?/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Unbind' }).at(-1)!);
    await waitFor(() => expect(unbound).toEqual([ROWS[2]!.id]));
  });
});
