import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchSysInfo, sessionKeys } from '../../shared/session/session-api';
import { currentTenantId } from '../../shared/session/tenant';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { ThirdPartyArea } from '../../shared/oauth/third-party-area';
import { AccountForm } from './components/account-form';
import { BrandPanel } from './components/brand-panel';
import { MobileForm } from './components/mobile-form';
import { TenantSelect } from './components/tenant-select';
import styles from './login-page.module.css';

/** The scan sub-form loads when chosen: most visitors sign in with a password. */
const QrForm = lazy(() => import('./qr/qr-form'));

/** SPEC 9: the logo shown when the tenant's info cannot be read. */
const DEFAULT_LOGO = '/upload/logo.png';

/** The sign-in screen (SPEC 2): welcome heading, language switch, account and mobile tabs, hints. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<'account' | 'mobile' | 'scan'>('account');
  // A tenant picked in the tenant choice wins over the address and is remembered on this device.
  const [picked, setPicked] = useState<string | null>(null);
  const tenantId = picked ?? currentTenantId(search.get('tid'));
  const { data: sysInfo, isError } = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
  });

  return (
    <div className={styles.page}>
      <BrandPanel sysInfo={sysInfo} />
      <main className={styles.main}>
        <div className={styles.toolbar}>
          <LanguageSwitch />
        </div>
        {/* A styled section, not antd Card: Card imports Tabs and with them a dropdown menu. */}
        <section className={styles.card}>
          <Flex align="center" gap={12} style={{ marginBottom: 24 }}>
            <img src={isError || !sysInfo ? DEFAULT_LOGO : sysInfo.logo} alt="" width={40} height={40} />
            <div>
              {/* Plain elements: antd Typography brings editing and copy code the page does not use. */}
              <h1 className={styles.welcome}>{t('login.welcome')}</h1>
              <div className={styles.muted}>{sysInfo?.title ?? 'Lintel'}</div>
            </div>
          </Flex>
          <TenantSelect value={tenantId} onChange={(id) => setPicked(currentTenantId(id))} />
          {/* A segmented switch rather than antd Tabs: Tabs brings its overflow menu (a tenth of the page's code). */}
          <Segmented
            block
            value={tab}
            onChange={setTab}
            style={{ marginBottom: 24 }}
            options={[
              { value: 'account', label: t('login.tabAccount') },
              { value: 'mobile', label: t('login.tabMobile') },
              { value: 'scan', label: t('signin.tabScan') },
            ]}
          />
          {sysInfo && tab === 'account' && <AccountForm sysInfo={sysInfo} />}
          {sysInfo && tab === 'mobile' && <MobileForm sysInfo={sysInfo} />}
          {sysInfo && tab === 'scan' && (
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <QrForm sysInfo={sysInfo} />
            </Suspense>
          )}
          <ThirdPartyArea tenantId={tenantId} />
          {sysInfo?.demo && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 16 }}
              title={t('login.demoHint', { account: sysInfo.demo.account, password: sysInfo.demo.password })}
            />
          )}
          <p className={styles.hint}>{t('login.browserHint')}</p>
        </section>
        {sysInfo?.copyright && <footer className={styles.footer}>{sysInfo.copyright}</footer>}
      </main>
    </div>
  );
}
