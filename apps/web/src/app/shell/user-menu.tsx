import { HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Dropdown, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/session/session-api';
import type { UserInfo } from '../../shared/session/types';
import { clearSessionStorage } from '../../shared/storage';

/** SPEC 9: the avatar shown when the account has none. */
const DEFAULT_AVATAR = '/upload/logo.png';

/** The user's name with a menu: home, and log out after a confirmation (SPEC 2 main layout). */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = () =>
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('layout.confirm'),
      cancelText: t('layout.cancel'),
      async onOk() {
        // The server revokes the session; even if that call fails the client forgets the tokens.
        await logout().catch(() => undefined);
        clearSessionStorage();
        // Leave the shell before dropping its data, so no signed-in view renders without a user.
        await navigate('/login', { replace: true });
        queryClient.clear();
      },
    });

  return (
    <>
      {modalHolder}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'home', icon: <HomeOutlined />, label: t('layout.home') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
          ],
          onClick: ({ key }) => (key === 'logout' ? signOut() : void navigate('/dashboard/home')),
        }}
      >
        <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
          <Avatar size="small" src={user.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
          <span>{user.realName || user.account}</span>
        </Space>
      </Dropdown>
    </>
  );
}
