import { QR_CONFIRM_PATH } from '@lintel/contracts';

const TICKET = /^[A-Za-z0-9_-]{22}$/;

/**
 * The ticket of a sign-in QR code or link: what the camera read or the user pasted. Accepts the
 * confirm link (any host: a link copied from another address of the same site still names the
 * ticket; the server decides whether it knows it) or the bare ticket; anything else is null.
 */
export function ticketFromLink(text: string): string | null {
  const value = text.trim();
  if (TICKET.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== QR_CONFIRM_PATH) return null;
  const ticket = url.searchParams.get('ticket');
  return ticket && TICKET.test(ticket) ? ticket : null;
}

/** The in-app address of the confirm step for a ticket. */
export const confirmPath = (ticket: string) => `${QR_CONFIRM_PATH}?ticket=${encodeURIComponent(ticket)}`;
