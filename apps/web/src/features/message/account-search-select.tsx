import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickAccounts } from '../../shared/api/account-picker';

type Option = { value: string; label: string };

interface Props {
  /** Several accounts (an id list) rather than one (an id). */
  multiple?: boolean;
  value?: string | string[];
  onChange?(value: string | string[] | undefined): void;
  id?: string;
}

/**
 * Accounts looked up as the user types (account or real name) and picked: one, or several as tags.
 * The picked accounts keep their names while the search moves on to other text.
 */
export function AccountSearchSelect({ multiple, value, onChange, id }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Record<string, string>>({});
  const search = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: ['sysUser', 'message-picker', search],
    queryFn: () => pickAccounts(search),
    enabled: search.length > 0,
  });
  const foundOptions: Option[] = (found.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.realName ?? ''} (${u.account})${u.orgName ? ` · ${u.orgName}` : ''}`,
  }));
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = [
    ...chosen
      .filter((v) => !foundOptions.some((o) => o.value === v))
      .map((v) => ({ value: v, label: picked[v] ?? v })),
    ...foundOptions,
  ];
  const remember = (ids: string[]) => {
    const names = Object.fromEntries(
      ids.flatMap((v) => foundOptions.filter((o) => o.value === v).map((o) => [v, o.label])),
    );
    setPicked((n) => ({ ...n, ...names }));
  };
  return (
    <Select<string | string[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      value={value}
      placeholder={t('message.compose.searchAccount')}
      filterOption={false}
      onSearch={setText}
      searchValue={text}
      loading={found.isFetching}
      notFoundContent={search ? t('message.compose.noAccount') : t('message.compose.typeToSearch')}
      options={options}
      onChange={(next) => {
        remember(next === undefined ? [] : Array.isArray(next) ? next : [next]);
        if (!multiple) setText('');
        onChange?.(next);
      }}
      onSelect={() => {
        if (multiple) setText('');
      }}
    />
  );
}
