import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { pageUsers } from './user-api';

interface Props {
  /** Accounts not offered (already chosen). */
  exclude: string[];
  placeholder: string;
  onPick(userId: string): void;
}

/** Search accounts by account name or real name (within the caller's data scope) and pick one. */
export function AccountPicker({ exclude, placeholder, onPick }: Props) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: ['sysUser', 'picker', search],
    queryFn: async () => {
      // Account names and real names are separate filters: ask for both and merge.
      const [byAccount, byName] = await Promise.all([
        pageUsers({ page: 1, pageSize: 20, account: search }),
        pageUsers({ page: 1, pageSize: 20, realName: search }),
      ]);
      const rows = new Map([...byAccount.items, ...byName.items].map((u) => [u.id, u]));
      return [...rows.values()];
    },
    enabled: search.length > 0,
  });
  const options = (found.data ?? [])
    .filter((u) => !exclude.includes(u.id))
    .map((u) => ({
      value: u.id,
      label: `${u.realName ?? ''} (${u.account})${u.orgName ? ` · ${u.orgName}` : ''}`,
    }));

  return (
    <Select
      showSearch
      value={null}
      style={{ width: '100%', marginBottom: 12 }}
      placeholder={placeholder}
      aria-label={placeholder}
      filterOption={false}
      onSearch={setText}
      loading={found.isFetching}
      options={options}
      onChange={(id: string) => {
        setText('');
        onPick(id);
      }}
    />
  );
}
