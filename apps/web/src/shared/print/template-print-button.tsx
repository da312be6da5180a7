import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';
import { listPrintTemplates, printKeys, printTemplateByName } from './print-api';
import { PrintPreviewModal } from './print-preview';
import type { PrintSheet } from './print-render';
import type { PrintRecord } from './print-values';

interface Props<T> {
  /** The list the templates are for (its controller, `sysUser`). */
  bizType: string;
  /** The rows on screen. */
  rows: readonly T[];
  /** The ticked rows' keys: printed instead of the whole page when some are ticked. */
  selectedKeys?: readonly Key[];
  rowKey?: keyof T & string;
}

/**
 * "Print with a template" for a list's toolbar: the enabled templates of the list, then a preview
 * of the ticked rows (or of the page shown), one sheet per row, with print and PDF download.
 */
export function TemplatePrintButton<T extends object>({ bizType, rows, selectedKeys, rowKey }: Props<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<{ sheet: PrintSheet; name: string; records: PrintRecord[] } | null>(
    null,
  );
  const choices = useQuery({
    queryKey: printKeys.choices(bizType),
    queryFn: () => listPrintTemplates(bizType),
    enabled: open,
  });

  const choose = async (name: string) => {
    const key = (rowKey ?? 'id') as keyof T;
    const ticked = new Set((selectedKeys ?? []).map(String));
    const chosen = ticked.size ? rows.filter((row) => ticked.has(String(row[key]))) : rows;
    if (chosen.length === 0) return notifier().error(t('listkit.noRows'));
    const sheet = await printTemplateByName(name);
    setPreview({ sheet, name, records: chosen as PrintRecord[] });
  };

  const templates = choices.data ?? [];
  const items: MenuProps['items'] = choices.isLoading
    ? [{ key: '', label: t('print.loading'), disabled: true }]
    : templates.length === 0
      ? [{ key: '', label: t('print.noTemplates'), disabled: true }]
      : templates.map((tpl) => ({ key: tpl.name, label: tpl.name }));

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{ items, onClick: ({ key }) => void choose(key) }}
      >
        <Tooltip title={t('print.withTemplate')}>
          <Button icon={<FileTextOutlined />} aria-label={t('print.withTemplate')} />
        </Tooltip>
      </Dropdown>
      <PrintPreviewModal
        sheet={preview?.sheet ?? null}
        records={preview?.records ?? []}
        title={preview?.name ?? ''}
        onClose={() => setPreview(null)}
      />
    </>
  );
}
