import { DesktopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decideQrTicket, scanQrTicket } from './qr-api';
import styles from './qr-confirm.module.css';

interface Props {
  ticket: string;
  /** Shown under the outcome: where to go next (home, or back to scanning). */
  doneAction: ReactNode;
}

/**
 * The confirm step of QR sign-in, for the signed-in user who opened the code's link: which device
 * asks to sign in, then Confirm or Reject. Opening it marks the ticket scanned, so the waiting page
 * tells its user to look at this device.
 */
export function QrConfirmPanel({ ticket, doneAction }: Props) {
  const { t } = useTranslation();
  const scan = useQuery({
    queryKey: ['auth', 'qrScan', ticket],
    queryFn: () => scanQrTicket(ticket),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const decide = useMutation({ mutationFn: (approve: boolean) => decideQrTicket({ ticket, approve }) });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  if (scan.isPending) return <Spin size="large" className={styles.spin} />;
  if (scan.isError) return <Result status="warning" title={scan.error.message} extra={doneAction} />;
  if (decide.isSuccess) {
    const approved = decide.data.status === 'confirmed';
    return (
      <Result
        status={approved ? 'success' : 'info'}
        title={t(approved ? 'signin.confirm.approved' : 'signin.confirm.rejected')}
        extra={doneAction}
      />
    );
  }
  const device = scan.data;
  // From the server's count when the answer arrived: the phone's clock may differ from the server's.
  const secondsLeft = Math.max(0, Math.ceil((scan.dataUpdatedAt + device.secondsLeft * 1000 - now) / 1000));
  if (secondsLeft === 0)
    return <Result status="warning" title={t('signin.confirm.expired')} extra={doneAction} />;

  return (
    <div className={styles.panel}>
      <DesktopOutlined className={styles.icon} />
      <h1 className={styles.title}>{t('signin.confirm.title')}</h1>
      <p className={styles.intro}>{t('signin.confirm.intro', { tenant: device.tenantName })}</p>
      <Descriptions
        column={1}
        size="small"
        bordered
        className={styles.device}
        items={[
          { key: 'browser', label: t('signin.confirm.browser'), children: device.browser || '-' },
          { key: 'os', label: t('signin.confirm.os'), children: device.os || '-' },
          { key: 'ip', label: t('signin.confirm.ip'), children: device.ip || '-' },
          {
            key: 'time',
            label: t('signin.confirm.requestedAt'),
            children: new Date(device.createdAt).toLocaleString(),
          },
        ]}
      />
      <Alert type="warning" showIcon title={t('signin.confirm.warning')} className={styles.warning} />
      {decide.isError && (
        <Alert type="error" showIcon title={decide.error.message} className={styles.warning} />
      )}
      <Button
        type="primary"
        size="large"
        block
        loading={decide.isPending && decide.variables}
        disabled={decide.isPending}
        onClick={() => decide.mutate(true)}
      >
        {t('signin.confirm.approve')}
      </Button>
      <Button
        size="large"
        block
        danger
        className={styles.reject}
        loading={decide.isPending && !decide.variables}
        disabled={decide.isPending}
        onClick={() => decide.mutate(false)}
      >
        {t('signin.confirm.reject')}
      </Button>
      <p className={styles.countdown}>{t('signin.confirm.expiresIn', { seconds: secondsLeft })}</p>
    </div>
  );
}
