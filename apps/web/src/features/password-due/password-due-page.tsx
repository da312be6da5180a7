import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../shared/ui/loading-overlay';
import { ToLogin } from '../../shared/routing/to-login';
import { readAccessToken } from '../../shared/api/tokens';
import { logout } from '../../shared/session/session-api';
import { useUserInfo } from '../../shared/session/use-session';
import { clearSessionStorage } from '../../shared/storage';
import { redirectTarget } from '../../shared/session/redirect-target';
import { ChangePasswordForm } from '../../shared/account/change-password-form';
import styles from './password-due.module.css';

/**
 * `/changePassword`: where an account goes when its tenant requires a new password before anything
 * else (first sign-in, or the password expired). A fixed route outside the shell: the server
 * refuses the menu tree and every page's calls until the password is changed. The form is the
 * personal centre's; the change ends the session, and signing in again continues to the address
 * the visit was going to (`redirect` / `params`, carried through the sign-in page).
 */
export default function PasswordDuePage() {
  return readAccessToken() ? <PasswordDue /> : <ToLogin />;
}

function PasswordDue() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const user = useUserInfo();

  if (user.isError) {
    return (
      <Result
        status="warning"
        title={user.error.message}
        extra={
          <Button type="primary" onClick={() => void user.refetch()}>
            {t('error.reauthorize')}
          </Button>
        }
      />
    );
  }
  if (!user.data) return <LoadingOverlay />;
  const reason = user.data.passwordChangeDue;
  // Nothing to change (any more): on to where the visit was going.
  if (!reason) return <Navigate to={redirectTarget(search)} replace />;

  const signOut = async () => {
    await logout().catch(() => undefined);
    clearSessionStorage();
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
  const query = search.toString();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="password-due-title">
        <h1 id="password-due-title" className={styles.title}>
          {t('passwordDue.title')}
        </h1>
        <p className={styles.account}>{user.data.realName || user.data.account}</p>
        <Alert className={styles.reason} type="warning" showIcon title={t(`passwordDue.reason.${reason}`)} />
        <ChangePasswordForm
          tenantId={user.data.tenantId}
          signInAgainAt={query ? `/login?${query}` : '/login'}
        />
        <div className={styles.leave}>
          <Button type="link" onClick={() => void signOut()}>
            {t('passwordDue.signOut')}
          </Button>
        </div>
      </section>
    </main>
  );
}
