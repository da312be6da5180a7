import {
  ClearOutlined,
  CommentOutlined,
  HomeOutlined,
  LogoutOutlined,
  StopOutlined,
  UserOutlined,
  IdcardOutlined,
} from '@ant-design/icons';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../shared/permission/permissions';
import { logout } from '../../shared/session/session-api';
import { HOME } from '../routing/home-path';
import type { UserInfo } from '../../shared/session/types';
import { clearSessionStorage, LOCALE_KEY, local, session, TENANT_ID_KEY } from '../../shared/storage';

/** SPEC 9: the avatar shown when the account has none. */
const DEFAULT_AVATAR = '/upload/logo.png';

export const USER_CENTER_PATH = '/system/userCenter';
export const AI_CHAT_PATH = '/llm/aiChat';

/**
 * "Clear cache": this app's cached data goes (layout options, tag list, remembered choices, the
 * query cache) but the session stays: tokens live in cookies, and the tenant id and the language
 * are kept. The page reloads so that nothing keeps a copy in memory.
 */
export function clearAppCache(queryClient: QueryClient): void {
  local.clear([TENANT_ID_KEY, LOCALE_KEY]);
  session.clear();
  queryClient.clear();
  window.location.reload();
}

/**
 * The user's name with a menu (SPEC 2 main layout): home, personal centre, clear cache, 401, chat
 * with AI (for accounts that may chat), log out.
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayChat = usePermissions().has('aiChat:chat');

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

  const onClick = ({ key }: { key: string }) => {
    switch (key) {
      case 'logout':
        return signOut();
      case 'clearCache':
        return clearAppCache(queryClient);
      case 'userCenter':
        return void navigate(USER_CENTER_PATH);
      case '401':
        return void navigate('/401');
      case 'aiChat':
        return void navigate(AI_CHAT_PATH);
      default:
        return void navigate(HOME);
    }
  };

  return (
    <>
      {modalHolder}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'home', icon: <HomeOutlined />, label: t('layout.home') },
            { key: 'userCenter', icon: <IdcardOutlined />, label: t('shellx.userCenter') },
            { key: 'clearCache', icon: <ClearOutlined />, label: t('shellx.clearCache') },
            { key: '401', icon: <StopOutlined />, label: t('shellx.page401') },
            ...(mayChat ? [{ key: 'aiChat', icon: <CommentOutlined />, label: t('aiChat.menuEntry') }] : []),
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
          ],
          onClick,
        }}
      >
        {/* A button, so that the keyboard reaches the menu (Enter or Space opens it). */}
        <Button
          type="text"
          aria-haspopup="menu"
          data-testid="user-menu"
          icon={<Avatar size="small" src={user.avatar || DEFAULT_AVATAR} alt="" icon={<UserOutlined />} />}
        >
          {user.realName || user.account}
        </Button>
      </Dropdown>
    </>
  );
}
