import {
  EXPORT_FORMATS,
  type ExportColumn,
  type ExportFormat,
  type ExportRange,
  type PermissionCode,
} from '@lintel/contracts';
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAndSave } from '../api/download';
import { notifier } from '../api/notify';
import { usePermissions } from '../permission/permissions';
import type { KitColumn } from './column-layout';

/** The columns an export asks for: the visible, exportable ones in the user's order, titled as shown. */
export const exportColumnsOf = <T,>(columns: readonly KitColumn<T>[]): ExportColumn[] =>
  columns.filter((c) => c.exportable !== false).map((c) => ({ key: c.key, title: c.title }));

/** The body of an export call: the list's filter (paging and sort included) and what to write. */
export const exportBody = (
  filter: object,
  format: ExportFormat,
  range: ExportRange,
  columns: ExportColumn[],
) => ({ ...filter, format, range, columns });

/** A byte count in the user's language ("1.2 MB"). */
function sizeText(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [Math.max(bytes, 0) / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

export interface ExportMenuProps<T> {
  /** The export endpoint (POST, answers the file). */
  path: string;
  /** The permission code the endpoint needs; without it the menu is not shown. */
  permission: PermissionCode;
  /** The list's current filter, paging and sort, as the page call sends it. */
  filter: object;
  /** The visible columns in the user's order. */
  columns: readonly KitColumn<T>[];
  /** Rows matching the filter; nothing is exported when there are none. */
  total: number;
  /** The file name used when the server names none (without extension). */
  fileName: string;
}

/**
 * "Export this page" / "Export all" in five formats (SPEC 2 "List toolbars", SPEC 9). The server writes
 * the file, so data scope and field blacklist apply; the body is streamed and its progress shown.
 */
export function ExportMenu<T>({ path, permission, filter, columns, total, fileName }: ExportMenuProps<T>) {
  const { t, i18n } = useTranslation();
  const { has } = usePermissions();
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  if (!has(permission)) return null;

  const run = async (range: ExportRange, format: ExportFormat) => {
    const wanted = exportColumnsOf(columns);
    // SPEC 5: export warns when no columns are chosen or when there is no data.
    if (wanted.length === 0) return notifier().error(t('listkit.noColumns'));
    if (total === 0) return notifier().error(t('listkit.noData'));
    setProgress({ received: 0, total: null });
    try {
      const saved = await downloadAndSave(path, {
        method: 'POST',
        body: exportBody(filter, format, range, wanted),
        fallbackName: `${fileName}.${format}`,
        onProgress: (received, size) => setProgress({ received, total: size }),
      });
      notifier().success(t('listkit.exported', { name: saved }));
    } catch {
      // The API client has shown why (SPEC 8); nothing was saved.
    } finally {
      setProgress(null);
    }
  };

  const group = (range: ExportRange): NonNullable<MenuProps['items']>[number] => ({
    type: 'group',
    key: range,
    label: t(range === 'page' ? 'listkit.exportPage' : 'listkit.exportAll'),
    children: EXPORT_FORMATS.map((format) => ({
      key: `${range}:${format}`,
      label: t(`listkit.format.${format}`),
    })),
  });

  const label = !progress
    ? t('listkit.export')
    : progress.total
      ? t('listkit.exportingPercent', { percent: Math.floor((progress.received / progress.total) * 100) })
      : progress.received > 0
        ? t('listkit.exportingSize', { size: sizeText(progress.received, i18n.language) })
        : t('listkit.exporting');

  return (
    <Dropdown
      trigger={['click']}
      disabled={!!progress}
      menu={{
        items: [group('page'), group('all')],
        onClick: ({ key }) => {
          const [range, format] = key.split(':') as [ExportRange, ExportFormat];
          void run(range, format);
        },
      }}
    >
      <Button icon={<ExportOutlined />} loading={!!progress} aria-live="polite">
        {label}
        {!progress && <DownOutlined />}
      </Button>
    </Dropdown>
  );
}
