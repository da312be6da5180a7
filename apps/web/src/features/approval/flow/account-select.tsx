import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickAccounts } from '../../../shared/api/account-picker';

interface Props {
  ids: string[];
  names: string[];
  onChange(ids: string[], names: string[]): void;
  id?: string;
}

/** Approver accounts looked up as the user types; the picked ones keep their names in the flow. */
export function AccountSelect({ ids, names, onChange, id }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: ['sysUser', 'approval-picker', search],
    queryFn: () => pickAccounts(search),
    enabled: search.length > 0,
  });
  const known = new Map(ids.map((value, i) => [value, names[i] ?? value]));
  for (const u of found.data ?? [])
    if (!known.has(u.id)) known.set(u.id, `${u.realName ?? u.account} (${u.account})`);
  const options = [...known].map(([value, label]) => ({ value, label }));
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      showSearch
      value={ids}
      placeholder={t('approval.designer.searchAccount')}
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      loading={found.isFetching}
      notFoundContent={search ? t('approval.designer.noAccount') : t('approval.designer.typeToSearch')}
      options={options}
      onChange={(next) => {
        setText('');
        onChange(
          next,
          next.map((v) => known.get(v) ?? v),
        );
      }}
    />
  );
}
