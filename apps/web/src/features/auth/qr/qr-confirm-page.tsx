import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME } from '../../../shared/routing/paths';
import { ToLogin } from '../../../shared/routing/to-login';
import { readAccessToken } from '../../../shared/api/tokens';
import { ticketFromLink } from '../../../shared/qr/qr-link';
import { QrConfirmPanel } from '../../../shared/qr/qr-confirm-panel';
import styles from '../../../shared/qr/qr-confirm.module.css';

/**
 * `/qr/confirm?ticket=…`: the page a sign-in QR code opens on a phone (or any device where the user
 * is signed in). A fixed route outside the shell, so it loads fast and fits a small screen; a
 * signed-out visitor signs in first and comes back here.
 */
export default function QrConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  if (!readAccessToken()) return <ToLogin />;
  const ticket = ticketFromLink(search.get('ticket') ?? '');
  const home = (
    <Button type="primary" size="large" onClick={() => void navigate(HOME, { replace: true })}>
      {t('signin.confirm.home')}
    </Button>
  );
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        {ticket ? (
          <QrConfirmPanel ticket={ticket} doneAction={home} />
        ) : (
          <Result status="warning" title={t('signin.confirm.noTicket')} extra={home} />
        )}
      </section>
    </main>
  );
}
