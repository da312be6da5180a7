import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row's icon button behind a confirmation (sync, write into the project). */
export function ConfirmAction({
  title,
  confirm,
  description,
  icon,
  okText,
  onConfirm,
}: {
  title: string;
  confirm: string;
  description?: string;
  icon: ReactNode;
  okText: string;
  onConfirm(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      description={description && <div style={{ maxWidth: 360 }}>{description}</div>}
      okText={okText}
      cancelText={t('system.common.cancel')}
      // A refusal has been shown by the API client's toast.
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Tooltip title={title}>
        <Button type="text" icon={icon} aria-label={title} />
      </Tooltip>
    </Popconfirm>
  );
}
