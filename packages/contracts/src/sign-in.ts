/** Wire shapes of QR-code sign-in and the slider captcha (apps/server modules/sys-auth). */

/** How long a QR sign-in ticket and a slider puzzle or pass token live, in seconds. */
export const QR_TICKET_TTL_SECONDS = 120;
export const SLIDER_TTL_SECONDS = 120;
/** How often the waiting sign-in page asks about its ticket. */
export const QR_POLL_INTERVAL_MS = 2000;
/** The page a QR code opens: a signed-in user confirms or rejects the sign-in there. */
export const QR_CONFIRM_PATH = '/qr/confirm';
/** How far (picture pixels) the dropped piece may be from the hole. */
export const SLIDER_TOLERANCE_PX = 6;

export type QrTicketStatus = 'pending' | 'scanned' | 'confirmed' | 'rejected' | 'expired';

/** POST /api/sysAuth/qrTicket */
export interface QrTicketInput {
  tenantId?: string;
}
export interface QrTicket {
  /** Goes into the QR code; whoever holds it can only ask to confirm. */
  ticket: string;
  /** Known only to the waiting page: needed to collect the session. */
  pollKey: string;
  /** ISO 8601. */
  expiresAt: string;
  /** The address the QR code holds. */
  confirmUrl: string;
  /** The QR code as an SVG data: URL. */
  qrImage: string;
}

/** POST /api/sysAuth/qrPoll; tokens come with status 'confirmed' only (and once). */
export interface QrPollInput {
  ticket: string;
  pollKey: string;
}
export interface QrPollResult {
  status: QrTicketStatus;
  accessToken?: string;
  refreshToken?: string;
  homepage?: string | null;
}

/** POST /api/sysAuth/qrScan: what the confirming user is shown about the waiting device. */
export interface QrScanResult {
  status: QrTicketStatus;
  browser: string;
  os: string;
  ip: string;
  tenantName: string;
  createdAt: string;
  expiresAt: string;
  /** Seconds the ticket has left, by the server's clock (the phone's may differ). */
  secondsLeft: number;
}

/** POST /api/sysAuth/qrConfirm */
export interface QrConfirmInput {
  ticket: string;
  approve: boolean;
}

/** GET /api/sysAuth/sliderCaptcha */
export interface SliderPuzzle {
  id: string;
  /** PNG data: URL, `width` x `height` pixels, with the hole. */
  background: string;
  /** PNG data: URL, `pieceSize` square, transparent around the piece. */
  piece: string;
  /** Top of the piece in picture pixels (the piece only moves sideways). */
  pieceY: number;
  pieceSize: number;
  width: number;
  height: number;
  expiresAt: string;
}

/** One sample of the drag: the piece's left edge (picture pixels) at t ms since the press. */
export interface SliderTrackPoint {
  x: number;
  t: number;
}

/** POST /api/sysAuth/sliderCaptcha/verify */
export interface SliderVerifyInput {
  id: string;
  x: number;
  track?: SliderTrackPoint[];
}
export interface SliderPass {
  /** Sent with the sign-in as `sliderToken`; single use. */
  passToken: string;
  expiresAt: string;
}
