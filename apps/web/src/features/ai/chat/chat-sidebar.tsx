import {
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Conversations } from '@ant-design/x';
import type { AiConversation } from '@lintel/contracts';
import { Alert, Button, Empty, Spin, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ai-chat.module.css';

export interface ChatSidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  conversations: AiConversation[] | undefined;
  loading: boolean;
  failed: boolean;
  activeId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  mayRename: boolean;
  mayDelete: boolean;
  onRename: (conversation: AiConversation) => void;
  onDelete: (conversation: AiConversation) => void;
}

/** The history: new chat, the caller's conversations (rename, delete), folding to a narrow bar. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { t } = useTranslation();
  const { collapsed, onCollapse, conversations, activeId } = props;
  const fold = (
    <Tooltip title={collapsed ? t('aiChat.expand') : t('aiChat.collapse')} placement="right">
      <Button
        type="text"
        aria-label={collapsed ? t('aiChat.expand') : t('aiChat.collapse')}
        aria-expanded={!collapsed}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => onCollapse(!collapsed)}
      />
    </Tooltip>
  );
  if (collapsed)
    return (
      <aside className={`${styles.sidebar} ${styles.sidebarFolded}`}>
        {fold}
        <Tooltip title={t('aiChat.newChat')} placement="right">
          <Button
            type="text"
            aria-label={t('aiChat.newChat')}
            icon={<PlusOutlined />}
            onClick={props.onNew}
          />
        </Tooltip>
      </aside>
    );

  const menu = (conversation: { key: string }): MenuProps & { trigger: ReactNode } => {
    const row = conversations?.find((c) => c.id === conversation.key);
    const items: MenuProps['items'] = [
      ...(props.mayRename ? [{ key: 'rename', icon: <EditOutlined />, label: t('aiChat.rename') }] : []),
      ...(props.mayDelete
        ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('aiChat.delete'), danger: true }]
        : []),
    ];
    return {
      // A button, so that the keyboard reaches rename and delete too.
      trigger: (
        <Button
          type="text"
          size="small"
          className={styles.itemMenu}
          aria-label={t('aiChat.moreActions', { title: row?.title ?? '' })}
          icon={<EllipsisOutlined />}
        />
      ),
      items,
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (!row) return;
        if (key === 'rename') props.onRename(row);
        else props.onDelete(row);
      },
    };
  };

  return (
    <aside className={styles.sidebar} aria-label={t('aiChat.history')}>
      <div className={styles.sidebarHead}>
        {fold}
        <Button className={styles.newChat} icon={<PlusOutlined />} onClick={props.onNew}>
          {t('aiChat.newChat')}
        </Button>
      </div>
      <div className={styles.history}>
        {props.failed ? (
          <Alert type="error" showIcon title={t('aiChat.listFailed')} />
        ) : props.loading ? (
          <Spin className={styles.centered} />
        ) : !conversations?.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aiChat.emptyHistory')} />
        ) : (
          <Conversations
            items={conversations.map((c) => ({
              key: c.id,
              // A button, so that the keyboard can open a chat (the list item only takes clicks).
              label: (
                <button
                  type="button"
                  className={styles.itemButton}
                  title={c.title}
                  aria-current={c.id === activeId ? 'true' : undefined}
                  onClick={() => props.onSelect(c.id)}
                >
                  {c.title}
                </button>
              ),
            }))}
            activeKey={activeId ?? undefined}
            onActiveChange={(key) => props.onSelect(String(key))}
            menu={props.mayRename || props.mayDelete ? menu : undefined}
          />
        )}
      </div>
    </aside>
  );
}
