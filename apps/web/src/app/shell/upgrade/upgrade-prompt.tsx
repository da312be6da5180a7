import { RocketOutlined } from '@ant-design/icons';
import type { UpgradeNote } from '@lintel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUnreadNotes, markNotesRead, upgradeNotesKey } from '../../../shared/changelog/changelog-api';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
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
  /** The release notes this account has not read (sysUpgrade/unread); tests pass their own. */
  unread?: () => Promise<UpgradeNote[]>;
  markRead?: (ids: string[]) => Promise<unknown>;
}

const noNotes = async (): Promise<UpgradeNote[]> => fetchUnreadNotes().catch(() => []);

/**
 * Offers a newer build or an unread release note (the newest one, its Markdown shown): "update now"
 * restores the default layout configuration (SPEC 2) and reloads the page onto the new build;
 * "reject" silences that build. Either answer marks the notes shown read for this account.
 */
export function UpgradePrompt({
  running = RUNNING_BUILD,
  check = fetchServerBuild,
  unread = noNotes,
  markRead = markNotesRead,
}: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [offered, setOffered] = useState<BuildInfo | null>(null);
  const [notes, setNotes] = useState<UpgradeNote[]>([]);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    let alive = true;
    const probe = async () => {
      const [server, fresh] = await Promise.all([running ? check() : null, unread()]);
      if (!alive) return;
      if (fresh.length) setNotes(fresh);
      if (!running || !server || server.buildId === running.buildId) return;
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
  }, [running, check, unread]);

  /** The notes shown are read now (the update log's marks follow). */
  const read = async () => {
    if (!notes.length) return;
    await markRead(notes.map((note) => note.id)).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: upgradeNotesKey });
  };
  const reject = () => {
    if (offered) local.set(REJECTED_BUILD_KEY, offered.buildId);
    void read();
    setOffered(null);
    setNotes([]);
  };
  const update = async () => {
    setUpdating(true);
    await read();
    useThemeConfig.getState().reset();
    local.remove(REJECTED_BUILD_KEY);
    window.location.reload();
  };

  const note = notes[0];
  if (!offered && !note) return null;
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
      width={note ? 560 : 420}
      footer={[
        <Button key="reject" onClick={reject} disabled={updating}>
          {t('shellx.upgradeReject')}
        </Button>,
        <Button key="update" type="primary" loading={updating} onClick={() => void update()}>
          {updating ? t('shellx.upgradeUpdating') : t('shellx.upgradeNow')}
        </Button>,
      ]}
    >
      <p>{t('shellx.upgradeText', { version: note?.version ?? offered?.version })}</p>
      {note && (
        <div data-testid="upgrade-note" style={{ maxHeight: 320, overflow: 'auto', marginBottom: 8 }}>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {note.title}
          </Typography.Text>
          <MarkdownView text={note.content} />
        </div>
      )}
      <p style={{ color: '#595959', fontSize: 12 }}>{t('shellx.upgradeResetNote')}</p>
    </Modal>
  );
}
