import { RocketOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { local } from '../../../shared/storage';
import { useThemeConfig } from '../../settings/theme-config';
import { fetchServerBuild, RUNNING_BUILD, type BuildInfo } from './build-info';

/** SPEC 2 upgrade prompt: checked every 5 minutes, and whenever the tab gets focus or is shown. */
export const UPGRADE_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** The build id the user declined: that version is not offered again on this device. */
export const REJECTED_BUILD_KEY = 'upgradeRejected';

interface Props {
  /** The build of this tab (the compiled-in one by default; tests pass their own). */
  running?: BuildInfo | null;
  check?: () => Promise<BuildInfo | null>;
}

/**
 * Offers a newer build: "update now" restores the default layout configuration (SPEC 2) and
 * reloads the page onto the new build; "reject" silences that build.
 */
export function UpgradePrompt({ running = RUNNING_BUILD, check = fetchServerBuild }: Props) {
  const { t } = useTranslation();
  const [offered, setOffered] = useState<BuildInfo | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!running) return;
    let alive = true;
    const probe = async () => {
      const server = await check();
      if (!alive || !server || server.buildId === running.buildId) return;
      if (local.get<string>(REJECTED_BUILD_KEY) === server.buildId) return;
      setOffered(server);
    };
    const onVisible = () => document.visibilityState === 'visible' && void probe();
    const onFocus = () => void probe();
    void probe();
    const timer = setInterval(() => void probe(), UPGRADE_CHECK_INTERVAL_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [running, check]);

  const reject = () => {
    if (offered) local.set(REJECTED_BUILD_KEY, offered.buildId);
    setOffered(null);
  };
  const update = () => {
    setUpdating(true);
    useThemeConfig.getState().reset();
    local.remove(REJECTED_BUILD_KEY);
    window.location.reload();
  };

  if (!offered) return null;
  return (
    <Modal
      open
      title={
        <Space>
          <RocketOutlined />
          {t('shellx.upgradeTitle')}
        </Space>
      }
      closable={false}
      mask={{ closable: false }}
      width={420}
      footer={[
        <Button key="reject" onClick={reject} disabled={updating}>
          {t('shellx.upgradeReject')}
        </Button>,
        <Button key="update" type="primary" loading={updating} onClick={update}>
          {updating ? t('shellx.upgradeUpdating') : t('shellx.upgradeNow')}
        </Button>,
      ]}
    >
      <p>{t('shellx.upgradeText', { version: offered.version })}</p>
      <p style={{ color: '#909399', fontSize: 12 }}>{t('shellx.upgradeResetNote')}</p>
    </Modal>
  );
}
