import type { UserRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listRoles, roleKeys } from '../role/role-api';
import { userDetail, userKeys } from './user-api';

interface Props {
  user: UserRow | null;
  onSave(user: UserRow, roleIds: string[]): Promise<void>;
  onClose(): void;
}

/** The roles an account holds, ticked; saving replaces them (applies on the account's next request). */
export function GrantRoleModal({ user, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: roleKeys.list, queryFn: listRoles, enabled: !!user });
  const detail = useQuery({
    queryKey: userKeys.detail(user?.id ?? ''),
    queryFn: () => userDetail(user!.id),
    enabled: !!user,
  });
  // The ticks start from what the account holds; edits belong to the account they were made for.
  const [edited, setEdited] = useState<{ userId: string; roleIds: string[] } | null>(null);
  const checked = edited && edited.userId === user?.id ? edited.roleIds : (detail.data?.roleIdList ?? []);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await onSave(user!, checked);
      setEdited(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={user ? t('user.grantRoleTitle', { account: user.account }) : ''}
      onCancel={onClose}
      onOk={save}
      okText={t('system.common.save')}
      cancelText={t('system.common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Spin spinning={roles.isFetching || detail.isFetching}>
        <Checkbox.Group
          value={checked}
          onChange={(values) => setEdited({ userId: user!.id, roleIds: values })}
          style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Spin>
    </Modal>
  );
}
