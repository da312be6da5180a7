import type { ChainVerifyResult } from '@lintel/contracts';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/permission/permissions';
import { verifyLog } from './log-api';

/** The "succeeded" filter of the search form: yes, no or either. */
export function SuccessSelect(props: {
  value?: 'yes' | 'no';
  onChange?(value: 'yes' | 'no' | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      style={{ width: 110 }}
      aria-label={t('log.success')}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      options={[
        { value: 'yes', label: t('log.yes') },
        { value: 'no', label: t('log.no') },
      ]}
    />
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

/** A JSON body as indented text when it parses, else as it is. */
export function prettyBody(body: string | null): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
