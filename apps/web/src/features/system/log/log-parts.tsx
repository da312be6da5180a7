import type { ChainVerifyResult } from '@lintel/contracts';
import { ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Tag, theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { usePermissions } from '../../../shared/permission/permissions';
import { verifyLog } from './log-api';

/** A logged API call's columns in the exception and HTTP logs: account, method, address and status. */
export function requestColumns<
  Row extends { account: string | null; method: string; url: string; statusCode: number },
>(t: TFunction, urlWidth: number, statusColour: (code: number) => string): KitColumn<Row>[] {
  return [
    { key: 'account', title: t('log.account'), dataIndex: 'account', width: 110, ellipsis: true },
    {
      key: 'method',
      title: t('log.method'),
      dataIndex: 'method',
      width: 80,
      render: (m: string) => <Tag>{m}</Tag>,
    },
    { key: 'url', title: t('log.url'), dataIndex: 'url', width: urlWidth, ellipsis: { showTitle: true } },
    {
      key: 'statusCode',
      title: t('log.statusCode'),
      dataIndex: 'statusCode',
      width: 90,
      align: 'center',
      render: (code: number) => <Tag color={statusColour(code)}>{code}</Tag>,
    },
  ];
}

/** The account filter of the search form (part of a name matches). */
export function AccountField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="account" label={t('log.account')}>
      <Input allowClear maxLength={64} />
    </Form.Item>
  );
}

/** The request address filter of the search form (part of an address matches). */
export function UrlField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="url" label={t('log.url')}>
      <Input allowClear maxLength={256} />
    </Form.Item>
  );
}

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

/**
 * A request's duration; a slow one (1 s or more) in bold with a warning clock. Not coloured text:
 * the theme's warning oranges stay under the 4.5:1 contrast text needs on white (WCAG 1.4.3).
 */
export function Elapsed({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const slow = ms >= 1000;
  return (
    <Typography.Text strong={slow}>
      {slow && <ClockCircleOutlined aria-hidden style={{ color: token.colorWarning, marginInlineEnd: 4 }} />}
      {t('log.ms', { ms })}
    </Typography.Text>
  );
}
