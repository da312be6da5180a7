import { Button, Drawer, Empty, Flex, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';

interface Props {
  /** Whose grant the drawer edits (a role, a tenant); open while set. Ticks belong to this owner. */
  ownerId: string | null;
  title: string;
  hint?: ReactNode;
  width?: number;
  loading: boolean;
  treeData: TreeDataNode[];
  /** The ticks as stored, shown until the administrator changes one. */
  checked: string[];
  /** Saves the ticks; `null` when nothing was changed (save what is stored, as it is). */
  onSave(keys: string[] | null): Promise<void>;
  onClose(): void;
}

/**
 * A grant as a checkable tree in a drawer (menus, API blacklist, field blacklist...): the stored
 * ticks until the administrator changes one, then theirs; save confirms and closes, a refusal keeps
 * the drawer open (the API client has said why).
 */
export function CheckTreeDrawer({
  ownerId,
  title,
  hint,
  width = 480,
  loading,
  treeData,
  checked,
  onSave,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const [edited, setEdited] = useState<{ ownerId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const mine = edited && edited.ownerId === ownerId ? edited.keys : null;

  const save = async () => {
    setSaving(true);
    try {
      await onSave(mine);
      notifier().success(t('system.common.saved'));
      setEdited(null);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!ownerId}
      onClose={onClose}
      width={width}
      title={title}
      footer={
        <Flex justify="end">
          <Space>
            <Button onClick={onClose}>{t('system.common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
              {t('system.common.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      {hint}
      {loading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          treeData={treeData}
          checkedKeys={mine ?? checked}
          onCheck={(keys) =>
            setEdited({ ownerId: ownerId!, keys: (Array.isArray(keys) ? keys : keys.checked).map(String) })
          }
        />
      )}
    </Drawer>
  );
}
