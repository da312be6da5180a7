import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSessionStorage } from '../storage';
import {
  INBOX_KEY,
  offlineNoticeKey,
  ONLINE_USERS_KEY,
  type ForceOfflinePayload,
  type OnlineUserListPayload,
  type PublicNoticePayload,
  type RealtimeHandlers,
  type ReceiveMessagePayload,
} from './realtime-events';

/** antd's notification code is fetched with the first notice, like the toasts of shared/api/notify. */
const lazyNotification = () => import('antd/es/notification').then((m) => m.default);

/** socket.io-client comes in its own chunk, loaded by the signed-in shell only. */
export type StartRealtime = (handlers: RealtimeHandlers) => () => void;
const loadClient = (): Promise<StartRealtime> => import('./realtime-client').then((m) => m.startRealtime);

/**
 * Keeps the signed-in page connected to the online-user hub (mounted by the shell): ForceOffline
 * ends the session here and now with a notice saying why, ReceiveMessage shows the administrator's
 * message, arrivals and departures refresh an open online-user list, and the tenant's online notice
 * (sent only when the tenant turned it on) says who signed in or left.
 */
export function RealtimeConnector({ load = loadClient }: { load?: () => Promise<StartRealtime> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const latest = useRef({ t, navigate, queryClient });
  useEffect(() => {
    latest.current = { t, navigate, queryClient };
  }, [t, navigate, queryClient]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const handlers: RealtimeHandlers = {
      onForceOffline(payload: ForceOfflinePayload) {
        const { t: tr, navigate: go, queryClient: client } = latest.current;
        const key = offlineNoticeKey(payload.reason);
        clearSessionStorage();
        // Leave the shell before dropping its data, so no signed-in view renders without a user.
        void Promise.resolve(go('/login', { replace: true })).then(() => client.clear());
        if (key) {
          const description = tr(key);
          void lazyNotification().then((notification) =>
            notification.warning({ title: tr('online.kicked.title'), description, duration: 0 }),
          );
        }
      },
      onMessage(payload: ReceiveMessagePayload) {
        const { t: tr } = latest.current;
        void latest.current.queryClient.invalidateQueries({ queryKey: INBOX_KEY });
        const type = ['info', 'success', 'warning', 'error'].includes(payload.messageType)
          ? payload.messageType
          : 'info';
        void lazyNotification().then((notification) =>
          notification[type]({
            title: payload.title,
            description: (
              <>
                <div style={{ whiteSpace: 'pre-wrap' }}>{payload.message}</div>
                <small>{tr('online.messageFrom', { name: payload.sendUserName })}</small>
              </>
            ),
            duration: 0,
          }),
        );
      },
      onPublicNotice(payload: PublicNoticePayload) {
        const { t: tr, queryClient: client } = latest.current;
        // The bell, the inbox and the dashboard widget read again; a toast says what arrived.
        void client.invalidateQueries({ queryKey: INBOX_KEY });
        const title = typeof payload?.title === 'string' ? payload.title : '';
        void lazyNotification().then((notification) =>
          notification.info({
            title: tr(payload?.type === 2 ? 'message.bell.newAnnouncement' : 'message.bell.newNotice'),
            description: title,
            placement: 'topRight',
            duration: 6,
          }),
        );
      },
      onOnlineUsers(payload: OnlineUserListPayload) {
        const { t: tr } = latest.current;
        const name = typeof payload?.realName === 'string' ? payload.realName : '';
        if (!name) return;
        void lazyNotification().then((notification) =>
          notification.open({
            type: payload.online ? 'info' : 'warning',
            title: tr(payload.online ? 'presence.online' : 'presence.offline', { name }),
            placement: 'bottomRight',
            duration: 4.5,
          }),
        );
      },
      onOnlineUsersChanged() {
        void latest.current.queryClient.invalidateQueries({ queryKey: ONLINE_USERS_KEY });
      },
    };
    void load().then((start) => {
      if (!cancelled) stop = start(handlers);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [load]);

  return null;
}
