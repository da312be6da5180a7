import type { ChainVerifyResult } from '@lintel/contracts';
import { ClearOutlined, EyeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Descriptions, Drawer, Popconfirm, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { RowAction } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import { clearLog, verifyLog, type LogController } from './log-api';

/** The search form's time range, with the presets of every log list (SPEC 9): 7 days, a month, 3 months. */
export function LogRangePicker(props: {
  value?: [Dayjs | null, Dayjs | null] | null;
  onChange?(value: [Dayjs | null, Dayjs | null] | null): void;
}) {
  const { t } = useTranslation();
  const now = () => dayjs();
  return (
    <DatePicker.RangePicker
      showTime
      allowEmpty={[true, true]}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      presets={[
        { label: t('log.last7Days'), value: () => [now().subtract(7, 'day'), now()] },
        { label: t('log.lastMonth'), value: () => [now().subtract(1, 'month'), now()] },
        { label: t('log.last3Months'), value: () => [now().subtract(3, 'month'), now()] },
      ]}
    />
  );
}

/** Empties a log after a confirmation; shown only with the log's clear permission. */
export function ClearLogButton({ log, onCleared }: { log: LogController; onCleared(): unknown }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  if (!has(`${log}:clear`)) return null;
  return (
    <Popconfirm
      title={t('log.clearConfirm')}
      okText={t('log.clear')}
      okButtonProps={{ danger: true }}
      cancelText={t('system.common.cancel')}
      onConfirm={() =>
        clearLog(log)
          .then((count) => {
            notifier().success(t('log.cleared', { count }));
            return onCleared();
          })
          // A refusal has been shown by the API client's toast.
          .catch(() => undefined)
      }
    >
      <Button danger icon={<ClearOutlined />}>
        {t('log.clear')}
      </Button>
    </Popconfirm>
  );
}

/** Checks the hash chain of the operation or difference log and shows the outcome beside the button. */
export function VerifyChainButton({ log }: { log: 'sysLogOp' | 'sysLogDiff' }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChainVerifyResult | null>(null);
  if (!has(`${log}:verify`)) return null;
  const run = () => {
    setBusy(true);
    verifyLog(log)
      .then(setResult)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} loading={busy} onClick={run}>
        {t('log.verify')}
      </Button>
      {result && (
        <Alert
          role="status"
          showIcon
          closable
          onClose={() => setResult(null)}
          type={result.intact ? 'success' : 'error'}
          title={
            result.intact
              ? t('log.intact', { count: result.rows })
              : t('log.broken', {
                  id: result.brokenId,
                  time: result.brokenTime ? dayjs(result.brokenTime).format('YYYY-MM-DD HH:mm:ss') : '',
                })
          }
          style={{ padding: '2px 12px' }}
        />
      )}
    </>
  );
}

/** A row's "detail" button. */
export function DetailAction({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return <RowAction title={t('log.detail')} icon={<EyeOutlined />} onClick={onClick} />;
}

/** One entry's fields, label by label, in a drawer; long texts (bodies, stacks) as preformatted blocks. */
export function LogDetailDrawer({
  title,
  items,
  onClose,
}: {
  title: string;
  items: { label: string; value: ReactNode; block?: boolean }[] | null;
  onClose(): void;
}) {
  return (
    <Drawer open={items !== null} title={title} size="large" onClose={onClose} destroyOnHidden>
      <Descriptions column={1} bordered size="small">
        {(items ?? []).map((item) => (
          <Descriptions.Item key={item.label} label={item.label}>
            {item.block && typeof item.value === 'string' ? (
              <Typography.Paragraph
                copyable
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace', margin: 0 }}
              >
                {item.value}
              </Typography.Paragraph>
            ) : (
              (item.value ?? '')
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Drawer>
  );
}

/** A JSON body as indented text when it parses, else as it is. */
export function prettyBody(body: string | null): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
