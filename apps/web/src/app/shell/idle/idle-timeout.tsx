import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSysInfo, sessionKeys } from '../../../shared/session/session-api';
import { clearSessionStorage } from '../../../shared/storage';
import { stopRealtime } from './realtime';
import { useSessionEnded } from './session-ended';
import { watchActivity } from './activity-watch';

/** SPEC 9: the idle timeout when the tenant's settings do not say (they do: 0 disables it). */
export const DEFAULT_IDLE_TIMEOUT_S = 1800;

/** The tenant's idle timeout in seconds (sysInfo.idleTimeout), from the cached tenant settings. */
export function useIdleTimeoutSeconds(tenantId: string): number | null {
  const { data } = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
  });
  if (!data) return null;
  return typeof data.idleTimeout === 'number' ? data.idleTimeout : DEFAULT_IDLE_TIMEOUT_S;
}

/**
 * SPEC 4 idle timeout: after the tenant's idleTimeout seconds without activity the session ends
 * (pages unmounted, realtime stopped, tokens and storage cleared but the tenant id), a warning says
 * so, and the page reloads when it is closed (the guard then shows the sign-in page).
 */
export function IdleTimeout({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const seconds = useIdleTimeoutSeconds(tenantId);
  const end = useSessionEnded((s) => s.end);

  useEffect(() => {
    if (seconds === null) return;
    return watchActivity({
      timeoutSeconds: seconds,
      onTimeout() {
        end();
        // The whole frame goes too (menus, header, user name): nothing of the session stays on screen.
        document.getElementById('root')?.setAttribute('hidden', '');
        stopRealtime();
        clearSessionStorage();
        // OK, or any other way the dialog closes (Escape), reloads the page once.
        let reloaded = false;
        const reload = () => {
          if (reloaded) return;
          reloaded = true;
          window.location.reload();
        };
        // A static dialog: it lives outside the app's tree, which is being emptied.
        Modal.warning({
          title: t('shellx.idleTitle'),
          content: t('shellx.idleMessage'),
          okText: t('shellx.idleOk'),
          keyboard: true,
          onOk: reload,
          afterClose: reload,
        });
      },
    });
  }, [seconds, end, t]);

  return null;
}
