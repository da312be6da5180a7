/**
 * Where the app sends its toasts. antd's message code (a notification stack) is fetched on the first
 * toast instead of with the sign-in page, which must stay small; tests swap in a spy.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
}

const lazyMessage = () => import('antd/es/message').then((m) => m.default);

const antdNotifier: Notifier = {
  error: (text) => void lazyMessage().then((message) => message.error(text)),
  success: (text) => void lazyMessage().then((message) => message.success(text)),
};

let current: Notifier = antdNotifier;

export const notifier = (): Notifier => current;

export function setNotifier(next: Notifier | null): void {
  current = next ?? antdNotifier;
}
