import type { OrgNode, RoleRow } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { listOrgs, orgKeys } from '../org/org-api';
import { DATA_SCOPE_CUSTOM, DATA_SCOPES, grantDataScope, roleKeys, roleOrgs } from './role-api';

const toTreeData = (nodes: OrgNode[]): object[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeData(n.children ?? []) }));

/** Which rows the role's holders see (SPEC 6): one of five kinds, custom naming organisations. */
export function DataScopeModal({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ dataScope: number; orgIdList: string[] }>();
  const [saving, setSaving] = useState(false);
  const scope = Form.useWatch('dataScope', form);
  const orgs = useQuery({ queryKey: orgKeys.list({}), queryFn: () => listOrgs(), enabled: !!role });
  const current = useQuery({
    queryKey: roleKeys.orgs(role?.id ?? ''),
    queryFn: () => roleOrgs(role!.id),
    enabled: !!role,
  });

  useEffect(() => {
    if (role && current.data) form.setFieldsValue({ dataScope: role.dataScope, orgIdList: current.data });
  }, [role, current.data, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await grantDataScope(
        role!.id,
        values.dataScope,
        values.dataScope === DATA_SCOPE_CUSTOM ? (values.orgIdList ?? []) : [],
      );
      notifier().success(t('system.common.saved'));
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!role}
      title={role ? t('system.role.dataScopeTitle', { name: role.name }) : ''}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okText={t('system.common.save')}
      cancelText={t('system.common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="dataScope" label={t('system.role.dataScope')} rules={[{ required: true }]}>
          <Select options={DATA_SCOPES.map((v) => ({ value: v, label: t(`system.role.scope${v}`) }))} />
        </Form.Item>
        {scope === DATA_SCOPE_CUSTOM && (
          <Form.Item
            name="orgIdList"
            label={t('system.role.customOrgs')}
            rules={[{ required: true, type: 'array', min: 1, message: t('system.role.customOrgsRequired') }]}
          >
            <TreeSelect
              treeData={toTreeData(orgs.data ?? [])}
              treeCheckable
              treeCheckStrictly={false}
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeDefaultExpandAll
              maxTagCount={8}
              loading={orgs.isLoading}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
