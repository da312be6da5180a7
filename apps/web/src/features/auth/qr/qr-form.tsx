import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { QR_POLL_INTERVAL_MS, QR_TICKET_TTL_SECONDS, type QrTicketStatus } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { SysInfo } from '../../../shared/session/types';
import { useSignedIn } from '../use-sign-in';
import { createQrTicket, pollQrTicket } from '../../../shared/qr/qr-api';
import styles from './qr-form.module.css';

const FINAL: QrTicketStatus[] = ['confirmed', 'rejected', 'expired'];

/** Seconds left until a time (ms, this device's clock), ticking once a second. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * The scan sub-form of the sign-in page (SPEC 2): a QR code for a one-time ticket, the link it
 * holds, a countdown, and the ticket's state, asked every 2 s while the page is visible. When a
 * signed-in user confirms on another device, this page receives that user's session.
 */
export default function QrForm({ sysInfo }: { sysInfo: SysInfo }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [round, setRound] = useState(0);
  const ticket = useQuery({
    queryKey: ['auth', 'qrTicket', sysInfo.tenantId, round],
    queryFn: () => createQrTicket(sysInfo.tenantId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const data = ticket.data;
  // Counted from when the ticket arrived, by this device's clock: the server's may differ.
  const secondsLeft = useSecondsLeft(data ? ticket.dataUpdatedAt + QR_TICKET_TTL_SECONDS * 1000 : undefined);
  const timedOut = !!data && secondsLeft === 0;
  const poll = useQuery({
    queryKey: ['auth', 'qrPoll', data?.ticket],
    queryFn: () => pollQrTicket({ ticket: data!.ticket, pollKey: data!.pollKey }),
    enabled: !!data,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // TanStack Query pauses the interval while the tab is hidden.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && FINAL.includes(status) ? false : QR_POLL_INTERVAL_MS;
    },
  });
  const result = poll.data;
  const status: QrTicketStatus = result?.status ?? 'pending';
  const shown: QrTicketStatus = timedOut && status !== 'confirmed' ? 'expired' : status;

  useEffect(() => {
    if (result?.status === 'confirmed' && result.accessToken && result.refreshToken) {
      signedIn({ accessToken: result.accessToken, refreshToken: result.refreshToken, homepage: null });
    }
    // signedIn changes identity every render; the tokens arrive once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.confirmUrl);
      notifier().success(t('signin.qr.copied'));
    } catch {
      notifier().error(t('signin.qr.copyFailed'));
    }
  };
  const renew = () => setRound((r) => r + 1);

  const overlay =
    shown === 'scanned' ? (
      <div className={styles.overlay}>
        <CheckCircleFilled className={styles.ok} />
        <span>{t('signin.qr.scanned')}</span>
      </div>
    ) : shown === 'confirmed' ? (
      <div className={styles.overlay}>
        <CheckCircleFilled className={styles.ok} />
        <span>{t('signin.qr.signingIn')}</span>
      </div>
    ) : shown === 'rejected' || shown === 'expired' ? (
      <div className={styles.overlay}>
        <CloseCircleFilled className={styles.bad} />
        <span>{t(shown === 'rejected' ? 'signin.qr.rejected' : 'signin.qr.expired')}</span>
        <Button type="primary" icon={<ReloadOutlined />} onClick={renew}>
          {t('signin.qr.refresh')}
        </Button>
      </div>
    ) : null;

  return (
    <div className={styles.form}>
      <div className={styles.code} aria-busy={ticket.isFetching}>
        {data ? (
          <img src={data.qrImage} alt={t('signin.qr.imageAlt')} className={styles.image} />
        ) : ticket.isError ? (
          <div className={styles.overlay}>
            <CloseCircleFilled className={styles.bad} />
            <span>{ticket.error.message}</span>
            <Button icon={<ReloadOutlined />} onClick={() => void ticket.refetch()}>
              {t('signin.qr.refresh')}
            </Button>
          </div>
        ) : null}
        {overlay}
      </div>
      <p className={styles.status} role="status">
        {shown === 'pending' && data ? t('signin.qr.waiting', { seconds: secondsLeft }) : null}
        {shown === 'scanned' ? t('signin.qr.confirmOnDevice', { seconds: secondsLeft }) : null}
      </p>
      <p className={styles.hint}>{t('signin.qr.hint')}</p>
      {data && (
        <div className={styles.link}>
          <code title={data.confirmUrl} data-testid="qr-link">
            {data.confirmUrl}
          </code>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            onClick={() => void copy()}
            aria-label={t('signin.qr.copy')}
            title={t('signin.qr.copy')}
          />
        </div>
      )}
    </div>
  );
}
