import { PrinterOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';
import type { KitColumn } from './column-layout';
import { printTable } from './print-table';

/** The toolbar's print button: the rows on screen, with the visible columns, as a plain table. */
export function PrintButton<T>({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: readonly KitColumn<T>[];
  rows: readonly T[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Tooltip title={t('listkit.print')}>
      <Button
        icon={<PrinterOutlined />}
        aria-label={t('listkit.print')}
        onClick={() => {
          if (rows.length === 0) return notifier().error(t('listkit.noRows'));
          if (!columns.some((c) => c.exportable !== false)) return notifier().error(t('listkit.noColumns'));
          printTable({ title, lang: i18n.language, columns, rows });
        }}
      />
    </Tooltip>
  );
}
