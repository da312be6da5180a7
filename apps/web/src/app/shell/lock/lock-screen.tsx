import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Input, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { fetchSysInfo, sessionKeys } from '../../../shared/session/session-api';
import type { UserInfo } from '../../../shared/session/types';
import { useThemeConfig } from '../../settings/theme-config';
import { watchActivity } from '../idle/activity-watch';
import { unlockScreen } from './lock-api';
import { useLockStore } from './lock-store';
import styles from './lock-screen.module.css';

/** What keeps the screen unlocked: any use of mouse, keyboard or touch. */
const LOCK_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'click'] as const;

/** SPEC 9: the avatar shown when the account has none. */
const DEFAULT_AVATAR = '/upload/logo.png';

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.clock}>
      <div className={styles.time} data-testid="lock-clock">
        {now.format('HH:mm:ss')}
      </div>
      <div className={styles.date}>{now.format('YYYY-MM-DD dddd')}</div>
    </div>
  );
}

/** The overlay: clock, who is signed in, and the password that unlocks (checked by the server). */
function LockOverlay({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const unlock = useLockStore((s) => s.unlock);
  const tenantId = user.tenantId;
  const sysInfo = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('shellx.lockPasswordRequired'));
      return;
    }
    if (!sysInfo.data) return;
    setBusy(true);
    setError(null);
    try {
      if (await unlockScreen(password, sysInfo.data.publicKey)) unlock();
      else setError(t('shellx.lockWrongPassword'));
    } catch (err) {
      setError((err as Error).message || t('shellx.lockWrongPassword'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  // On <body>: the frame may carry a filter (grayscale mode), which would pin a fixed layer to it.
  return createPortal(
    <div
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t('shellx.lockTitle')}
      data-testid="lock-screen"
    >
      <Clock />
      <form className={styles.card} onSubmit={(e) => void submit(e)}>
        <Avatar size={72} src={user.avatar || DEFAULT_AVATAR} alt="" icon={<UserOutlined />} />
        <div className={styles.name}>{user.realName || user.account}</div>
        <div className={styles.hint}>{t('shellx.lockHint')}</div>
        <Input.Password
          autoFocus
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('shellx.lockPassword')}
          aria-label={t('shellx.lockPassword')}
          value={password}
          status={error ? 'error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
        <div className={styles.error} role="alert">
          {error}
        </div>
        <Button type="primary" size="large" block htmlType="submit" loading={busy} icon={<UnlockOutlined />}>
          {t('shellx.unlock')}
        </Button>
      </form>
    </div>,
    document.body,
  );
}

/**
 * SPEC 2 / 4 screen lock: with the lock screen option on, the screen locks after lockScreenTime
 * seconds without activity; the "lock now" button locks at once. Locked state lives in session
 * storage, so reloading the tab does not unlock it.
 */
export function LockScreen({ user }: { user: UserInfo }) {
  const locked = useLockStore((s) => s.locked);
  const lock = useLockStore((s) => s.lock);
  const enabled = useThemeConfig((s) => s.isLockScreen);
  const seconds = useThemeConfig((s) => s.lockScreenTime);

  useEffect(() => {
    if (!enabled || locked) return;
    return watchActivity({ timeoutSeconds: seconds, onTimeout: lock, events: LOCK_EVENTS });
  }, [enabled, locked, seconds, lock]);

  return locked ? <LockOverlay user={user} /> : null;
}

/** Header button: lock the screen now. */
export function LockButton() {
  const { t } = useTranslation();
  const lock = useLockStore((s) => s.lock);
  return (
    <Tooltip title={t('shellx.lockNow')}>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('shellx.lockNow')}
        onClick={lock}
        data-testid="lock-now"
      />
    </Tooltip>
  );
}
