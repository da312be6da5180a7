import { io, type Socket } from 'socket.io-client';
import { request } from '../api/client';
import { readAccessToken } from '../api/tokens';
import { HUB_PATH, type RealtimeHandlers } from './realtime-events';

/** The API's base URL, as the HTTP client uses it. */
const BASE_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

interface RefusedHandshake extends Error {
  data?: { code?: number; expired?: boolean };
}

/**
 * Connects the signed-in page to the online-user hub. Every attempt sends the current access token;
 * an attempt refused because the token expired refreshes the pair over HTTP (the client's refresh
 * header) and tries again. Other refusals end the attempts: the HTTP side then ends the session.
 * Returns the function that disconnects.
 */
export function startRealtime(handlers: RealtimeHandlers): () => void {
  const socket: Socket = io(BASE_URL || undefined, {
    path: HUB_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: readAccessToken() ?? '' }),
    reconnectionDelay: 2_000,
    reconnectionDelayMax: 30_000,
  });
  let stopped = false;
  let refreshed = false;

  socket.on('ForceOffline', (payload: { reason?: string }) => {
    stopped = true;
    socket.disconnect();
    handlers.onForceOffline({ reason: typeof payload?.reason === 'string' ? payload.reason : '' });
  });
  socket.on('ReceiveMessage', handlers.onMessage);
  socket.on('PublicNotice', handlers.onPublicNotice);
  socket.on('OnlineUserList', handlers.onOnlineUsers);
  socket.on('OnlineUsersChanged', () => handlers.onOnlineUsersChanged());
  socket.on('connect', () => {
    refreshed = false;
  });
  // The hub closes a connection when the access token it was opened with expires: open it again
  // with the current token (a ForceOffline before the close has stopped the client for good).
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !stopped) socket.connect();
  });
  socket.on('connect_error', (error: RefusedHandshake) => {
    // A transport failure: Socket.IO retries by itself (socket.active stays true).
    if (socket.active || stopped) return;
    if (error.data?.expired && !refreshed) {
      refreshed = true;
      // Any authenticated call rotates the expired pair; then the handshake carries the new token.
      void request('/api/sysAuth/userInfo', { customCatch: true }).then(
        () => !stopped && socket.connect(),
        () => undefined,
      );
    }
  });

  return () => {
    stopped = true;
    socket.disconnect();
  };
}
