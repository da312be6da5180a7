import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatabaseRow } from '@lintel/contracts';

interface Props {
  databases: DatabaseRow[];
  value: string | undefined;
  onChange(configId: string): void;
  loading?: boolean;
  id?: string;
  style?: React.CSSProperties;
}

/** The main database or a database-type tenant's own database, by name and engine. */
export function DatabaseSelect({ databases, value, onChange, loading, id, style }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      aria-label={id ? undefined : t('develop.database.database')}
      loading={loading}
      value={value}
      onChange={onChange}
      style={{ minWidth: 240, ...style }}
      options={databases.map((db) => ({
        value: db.configId,
        label: `${db.name === 'main' ? t('develop.database.main') : db.name} (${db.dbType})`,
      }))}
    />
  );
}
