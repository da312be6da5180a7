import { OAUTH_ERRORS, type OAuthErrorKey } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/api-error';
import { saveTokens } from '../api/tokens';
import { session } from '../storage';
import { redirectTarget } from '../session/redirect-target';
import { exchangeOAuthCode, fetchLoginProviders, oauthKeys, signInHref } from './oauth-api';
import styles from './third-party-links.module.css';

/** The brand icons are fetched only when the tenant has providers to show. */
const ProviderIcon = lazy(() => import('./provider-icon').then((m) => ({ default: m.ProviderIcon })));

/** Where to go after a provider round trip: the sign-in page's redirect, kept across the trip. */
const REDIRECT_KEY = 'oauthRedirect';

const isErrorKey = (value: string | null): value is OAuthErrorKey =>
  OAUTH_ERRORS.includes(value as OAuthErrorKey);

/**
 * The third-party sign-in area of the login page (SPEC 2): links to the tenant's providers, shown
 * only when it has some; the exchange of `?oauth=<code>` after a provider sent the user back; and
 * the message of `?oauthError=<key>`.
 */
export default function ThirdPartyLinks({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const oauthCode = search.get('oauth');
  const errorKey = search.get('oauthError');
  const [exchangeError, setExchangeError] = useState<string | null>(null);
  const started = useRef(false);

  const { data: providers } = useQuery({
    queryKey: oauthKeys.loginProviders(tenantId),
    queryFn: () => fetchLoginProviders(tenantId),
    staleTime: 60_000,
  });

  useEffect(() => {
    // The code is single use: React's development double effect must not spend it twice.
    if (!oauthCode || started.current) return;
    started.current = true;
    exchangeOAuthCode(oauthCode)
      .then((tokens) => {
        saveTokens(tokens.accessToken, tokens.refreshToken);
        const kept = session.get<string>(REDIRECT_KEY);
        session.remove(REDIRECT_KEY);
        void navigate(redirectTarget(new URLSearchParams(kept ?? '')), { replace: true });
      })
      .catch((e: unknown) => setExchangeError(e instanceof ApiError ? e.message : String(e)));
  }, [oauthCode, navigate]);

  const keepRedirect = () => {
    const kept = new URLSearchParams(search);
    kept.delete('oauth');
    kept.delete('oauthError');
    session.set(REDIRECT_KEY, kept.toString());
  };

  const error =
    exchangeError ?? (errorKey ? t(`oauth.error.${isErrorKey(errorKey) ? errorKey : 'unknown'}`) : null);

  return (
    <>
      {oauthCode && !exchangeError && (
        <Alert className={styles.error} type="info" showIcon title={t('oauth.signingIn')} />
      )}
      {error && <Alert className={styles.error} type="error" showIcon title={error} role="alert" />}
      {!!providers?.length && (
        <nav className={styles.area} aria-label={t('oauth.otherMethods')}>
          <div className={styles.divider}>{t('oauth.otherMethods')}</div>
          <div className={styles.links}>
            {providers.map((p) => (
              <a
                key={p.code}
                className={styles.link}
                href={signInHref(p.code, tenantId)}
                onClick={keepRedirect}
                title={t('oauth.signInWith', { name: p.name })}
                data-provider={p.code}
              >
                <span className={styles.badge}>
                  <Suspense fallback={null}>
                    <ProviderIcon icon={p.icon} name={p.name} />
                  </Suspense>
                </span>
                {p.name}
              </a>
            ))}
          </div>
        </nav>
      )}
    </>
  );
}
