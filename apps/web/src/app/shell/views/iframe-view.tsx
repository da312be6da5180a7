import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiToolsBar } from '../../../features/platform/api-tools/api-tools-button';
import { request } from '../../../shared/api/client';
import styles from './views.module.css';

/** The API documentation of this server, behind its own login cookie (platform/http/openapi.ts). */
const isApiDocs = (src: string) => src === '/swagger' || src.startsWith('/swagger/');

/**
 * Before the API documentation loads, the signed-in session is exchanged for the documentation
 * cookie (POST /api/swagger/session, sysApi:docs), so it opens without a second sign-in; an account
 * without the permission sees the documentation's own login, as before.
 */
function useFrameSource(src: string): string | null {
  const [ready, setReady] = useState(!isApiDocs(src));
  useEffect(() => {
    if (!isApiDocs(src)) return;
    let live = true;
    request('/api/swagger/session', { method: 'POST', customCatch: true })
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [src]);
  return ready ? src : null;
}

/** A menu's link address shown inside the shell (meta.isIframe), with a spinner until it loads. */
export function IframeView({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  const frameSrc = useFrameSource(src);
  return (
    <div className={styles.iframeBox} data-testid="iframe-view">
      {isApiDocs(src) && <ApiToolsBar className={styles.iframeBar} />}
      {loading && (
        <div className={styles.iframeLoading}>
          <Spin tip={t('shellx.iframeLoading')} size="large">
            <span />
          </Spin>
        </div>
      )}
      {frameSrc !== null && (
        <iframe className={styles.iframe} src={frameSrc} title={title} onLoad={() => setLoading(false)} />
      )}
    </div>
  );
}
