import type { LdapRow, LdapSyncItemRow, LdapSyncReport } from '@lintel/contracts';
import { Alert, Descriptions, Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { syncLdap, type LdapSyncKind } from './ldap-api';

const ACTION_COLOURS: Record<LdapSyncItemRow['action'], string> = {
  add: 'green',
  update: 'blue',
  link: 'purple',
  keep: 'default',
  skip: 'orange',
  disable: 'red',
};

interface Props {
  target: { kind: LdapSyncKind; row: LdapRow } | null;
  onClose(): void;
  onApplied(): void;
}

/**
 * Synchronisation in two steps: the preview (what would be added, updated, linked, kept, skipped
 * and why) opens with the dialog; Apply runs it for real and shows the report of what was done.
 */
export function LdapSyncModal({ target, onClose, onApplied }: Props) {
  const { t } = useTranslation();
  const [applied, setApplied] = useState<LdapSyncReport | null>(null);
  const [applying, setApplying] = useState(false);
  const preview = useQuery({
    // Not under ['sysLdap']: refreshing the list after an apply must not read the directory again.
    queryKey: ['sysLdapPreview', target?.kind, target?.row.id],
    queryFn: () => syncLdap(target!.kind, target!.row.id, true),
    enabled: !!target,
    gcTime: 0,
    retry: false,
  });
  const report = applied ?? preview.data;
  const close = () => {
    setApplied(null);
    onClose();
  };
  const apply = async () => {
    if (!target) return;
    setApplying(true);
    try {
      setApplied(await syncLdap(target.kind, target.row.id, false));
      notifier().success(t('ldap.applied'));
      onApplied();
    } catch {
      // Shown by the API client.
    } finally {
      setApplying(false);
    }
  };
  const changes = report ? report.added + report.updated + report.linked + report.disabled : 0;

  return (
    <Modal
      open={!!target}
      title={target ? t(`ldap.${target.kind}Title`) : ''}
      width={820}
      onCancel={close}
      okText={applied ? t('ldap.close') : t('ldap.apply')}
      okButtonProps={{ disabled: !applied && (!report || changes === 0), loading: applying }}
      onOk={applied ? close : () => void apply()}
      cancelButtonProps={{ style: applied ? { display: 'none' } : undefined }}
      destroyOnHidden
    >
      {preview.isError && <Alert type="error" showIcon message={t('ldap.previewFailed')} />}
      {report && (
        <>
          <Alert
            type={applied ? 'success' : 'info'}
            showIcon
            message={applied ? t('ldap.appliedSummary') : t('ldap.previewSummary')}
            style={{ marginBottom: 12 }}
          />
          <Descriptions size="small" column={7} style={{ marginBottom: 12 }}>
            {(['total', 'added', 'updated', 'linked', 'kept', 'skipped', 'disabled'] as const).map((key) => (
              <Descriptions.Item key={key} label={t(`ldap.count_${key}`)}>
                <span data-testid={`ldap-count-${key}`}>{report[key]}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Table<LdapSyncItemRow>
            rowKey="dn"
            size="small"
            dataSource={report.items}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { key: 'name', title: t('ldap.entry'), dataIndex: 'name', width: 160 },
              {
                key: 'action',
                title: t('ldap.action'),
                dataIndex: 'action',
                width: 100,
                render: (action: LdapSyncItemRow['action']) => (
                  <Tag color={ACTION_COLOURS[action]}>{t(`ldap.action_${action}`)}</Tag>
                ),
              },
              { key: 'dn', title: 'DN', dataIndex: 'dn', ellipsis: true },
              { key: 'reason', title: t('ldap.reason'), dataIndex: 'reason', width: 200, ellipsis: true },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
