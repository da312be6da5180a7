import { CameraOutlined, LinkOutlined, ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraAvailable, startQrCamera } from './qr-camera';
import { QrConfirmPanel } from './qr-confirm-panel';
import { ticketFromLink } from './qr-link';
import styles from './qr-scan-card.module.css';

/**
 * "Scan a sign-in code" for the personal centre: read the QR code of another device's sign-in page
 * with the camera, or paste the link it shows, then confirm or reject that sign-in right here.
 */
export function QrScanCard() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!camera || !video.current) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    startQrCamera(video.current, (text) => {
      const found = ticketFromLink(text);
      if (found) {
        setTicket(found);
        setCamera(false);
      } else setError(t('signin.scanCard.notSignInCode'));
    })
      .then((s) => {
        if (cancelled) s();
        else stop = s;
      })
      .catch(() => {
        setError(t('signin.scanCard.cameraFailed'));
        setCamera(false);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [camera, t]);

  const usePasted = () => {
    const found = ticketFromLink(link);
    if (!found) {
      setError(t('signin.scanCard.notSignInCode'));
      return;
    }
    setError(null);
    setTicket(found);
  };
  const reset = () => {
    setTicket(null);
    setLink('');
    setError(null);
  };

  return (
    <Card
      title={
        <span>
          <ScanOutlined /> {t('signin.scanCard.title')}
        </span>
      }
    >
      {ticket ? (
        <QrConfirmPanel
          ticket={ticket}
          doneAction={<Button onClick={reset}>{t('signin.scanCard.again')}</Button>}
        />
      ) : (
        <Flex vertical gap={12}>
          <p className={styles.intro}>{t('signin.scanCard.intro')}</p>
          {camera ? (
            <>
              <video ref={video} className={styles.video} muted playsInline />
              <Button onClick={() => setCamera(false)}>{t('signin.scanCard.stopCamera')}</Button>
            </>
          ) : (
            cameraAvailable() && (
              <Button
                type="primary"
                icon={<CameraOutlined />}
                onClick={() => {
                  setError(null);
                  setCamera(true);
                }}
              >
                {t('signin.scanCard.startCamera')}
              </Button>
            )
          )}
          <label className={styles.label} htmlFor="qr-scan-link">
            {t('signin.scanCard.pasteLabel')}
          </label>
          <Flex gap={8}>
            <Input
              id="qr-scan-link"
              prefix={<LinkOutlined />}
              value={link}
              onChange={(e) => setLink(e.target.value)}
              onPressEnter={usePasted}
              placeholder="https://…/qr/confirm?ticket=…"
              allowClear
            />
            <Button onClick={usePasted} disabled={!link.trim()}>
              {t('signin.scanCard.continue')}
            </Button>
          </Flex>
          {error && <Alert type="error" showIcon title={error} />}
        </Flex>
      )}
    </Card>
  );
}
