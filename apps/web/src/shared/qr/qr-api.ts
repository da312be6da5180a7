import type {
  QrConfirmInput,
  QrPollInput,
  QrPollResult,
  QrScanResult,
  QrTicket,
  QrTicketStatus,
} from '@lintel/contracts';
import { request } from '../api/client';

/** QR sign-in calls (apps/server sys-auth/qr). Every failure is shown where it happens. */
export const createQrTicket = (tenantId: string) =>
  request<QrTicket>('/api/sysAuth/qrTicket', { method: 'POST', body: { tenantId }, customCatch: true });

export const pollQrTicket = (body: QrPollInput) =>
  request<QrPollResult>('/api/sysAuth/qrPoll', { method: 'POST', body, customCatch: true });

export const scanQrTicket = (ticket: string) =>
  request<QrScanResult>('/api/sysAuth/qrScan', { method: 'POST', body: { ticket }, customCatch: true });

export const decideQrTicket = (body: QrConfirmInput) =>
  request<{ status: QrTicketStatus }>('/api/sysAuth/qrConfirm', { method: 'POST', body, customCatch: true });
