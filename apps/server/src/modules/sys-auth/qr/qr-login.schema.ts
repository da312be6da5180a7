import { Type } from 'typebox';
import { Id } from '../../../platform/http/schemas.js';

const Secret = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', description: '128-bit random, base64url' });
const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('rejected'),
  Type.Literal('expired'),
]);

export const QrTicketBody = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });

export const QrTicketResult = Type.Object({
  ticket: Type.String({ description: 'What the QR code carries' }),
  pollKey: Type.String({ description: 'Known only to the waiting page; needed to collect the session' }),
  expiresAt: Type.String(),
  confirmUrl: Type.String({ description: 'The address in the QR code' }),
  qrImage: Type.String({ description: 'The QR code, SVG data: URL' }),
});

export const QrPollBody = Type.Object({ ticket: Secret, pollKey: Secret }, { additionalProperties: false });

export const QrPollResult = Type.Object({
  status: Status,
  accessToken: Type.Optional(Type.String()),
  refreshToken: Type.Optional(Type.String()),
  homepage: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const QrScanBody = Type.Object({ ticket: Secret }, { additionalProperties: false });

export const QrScanResult = Type.Object({
  status: Status,
  browser: Type.String(),
  os: Type.String(),
  ip: Type.String(),
  tenantName: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  secondsLeft: Type.Integer({ description: 'By the server clock' }),
});

export const QrConfirmBody = Type.Object(
  { ticket: Secret, approve: Type.Boolean({ description: 'true confirms, false rejects' }) },
  { additionalProperties: false },
);

export const QrConfirmResult = Type.Object({ status: Status });
