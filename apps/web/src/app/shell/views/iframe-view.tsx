import { Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './views.module.css';

/** A menu's link address shown inside the shell (meta.isIframe), with a spinner until it loads. */
export function IframeView({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  return (
    <div className={styles.iframeBox} data-testid="iframe-view">
      {loading && (
        <div className={styles.iframeLoading}>
          <Spin tip={t('shellx.iframeLoading')} size="large">
            <span />
          </Spin>
        </div>
      )}
      <iframe className={styles.iframe} src={src} title={title} onLoad={() => setLoading(false)} />
    </div>
  );
}
