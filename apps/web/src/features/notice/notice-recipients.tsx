import type { NoticeReceive, OrgNode } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Select, Tag, TreeSelect } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickAccounts } from '../../shared/api/account-picker';
import { orgTree } from './notice-api';

type TreeOption = { value: string; title: string; children?: TreeOption[] };
const toOptions = (nodes: OrgNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    ...(n.children.length ? { children: toOptions(n.children) } : {}),
  }));

/** Accounts to address: search by account or real name, pick, remove (ids alone for a saved notice). */
function AccountList({ value = [], onChange }: { value?: string[]; onChange?(ids: string[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const search = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: ['sysUser', 'notice-picker', search],
    queryFn: () => pickAccounts(search),
    enabled: search.length > 0,
  });
  const options = (found.data ?? [])
    .filter((u) => !value.includes(u.id))
    .map((u) => ({
      value: u.id,
      label: `${u.realName ?? ''} (${u.account})${u.orgName ? ` · ${u.orgName}` : ''}`,
    }));
  return (
    <div>
      <Select
        showSearch
        value={null}
        style={{ width: '100%', marginBottom: 8 }}
        placeholder={t('notice.pickAccount')}
        aria-label={t('notice.pickAccount')}
        filterOption={false}
        onSearch={setText}
        loading={found.isFetching}
        options={options}
        onChange={(id: string) => {
          const label = options.find((o) => o.value === id)?.label;
          if (label) setNames((n) => ({ ...n, [id]: label }));
          setText('');
          onChange?.([...value, id]);
        }}
      />
      {value.map((id) => (
        <Tag key={id} closable onClose={() => onChange?.(value.filter((v) => v !== id))}>
          {names[id] ?? id}
        </Tag>
      ))}
    </div>
  );
}

/**
 * Who receives the notice: everyone, organisations (and the ones below them), or named accounts;
 * the fields of the kind chosen only.
 */
export function NoticeRecipients() {
  const { t } = useTranslation();
  const kind = Form.useWatch<NoticeReceive | undefined>('receiveType');
  const orgs = useQuery({ queryKey: ['sysOrg', 'notice-tree'], queryFn: orgTree, enabled: kind === 'org' });
  return (
    <>
      <Form.Item name="receiveType" label={t('notice.receiveType')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'all', label: t('notice.receive.all') },
            { value: 'org', label: t('notice.receive.org') },
            { value: 'user', label: t('notice.receive.user') },
          ]}
        />
      </Form.Item>
      {kind === 'org' && (
        <Form.Item
          name="receiveOrgIds"
          label={t('notice.receiveOrgs')}
          extra={t('notice.receiveOrgsHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('notice.receiveOrgsRequired') }]}
        >
          <TreeSelect
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            loading={orgs.isFetching}
            treeData={toOptions(orgs.data ?? [])}
            aria-label={t('notice.receiveOrgs')}
            placeholder={t('notice.receiveOrgs')}
          />
        </Form.Item>
      )}
      {kind === 'user' && (
        <Form.Item
          name="receiveUserIds"
          label={t('notice.receiveUsers')}
          rules={[{ required: true, type: 'array', min: 1, message: t('notice.receiveUsersRequired') }]}
        >
          <AccountList />
        </Form.Item>
      )}
    </>
  );
}
