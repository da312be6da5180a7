import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_TENANT_ID,
  QR_CONFIRM_PATH,
  QR_TICKET_TTL_SECONDS,
  type QrPollResult,
  type QrScanResult,
  type QrTicket,
  type QrTicketStatus,
} from '@lintel/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import type { SessionMeta } from '../../../platform/auth/sessions.js';
import type { TokenPair } from '../../../platform/auth/tokens.js';
import type { AppContext } from '../../../platform/context.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import { formatIso } from '../../../platform/http/result.js';
import type { SysAuthService } from '../sys-auth.service.js';
import { QrLoginRepo } from './qr-login.repo.js';
import { qrSvgDataUrl } from './qr-svg.js';
import { describeUserAgent } from '../../../platform/http/user-agent.js';

/**
 * QR-code sign-in. The waiting sign-in page asks for a ticket and shows it as a QR code; a user
 * signed in on another device opens it, sees which device asks, and confirms or rejects; the
 * waiting page, polling with a second secret only it knows (the poll key), then receives a
 * session of that user. Everything lives in the shared cache for two minutes:
 *
 *   qr:ticket:<t>    the request (tenant, poll key, device), written once
 *   qr:scan:<t>      first scan (set once: the page shows "confirm on your device")
 *   qr:decision:<t>  confirm or reject (set once, atomically: a second decision is refused)
 *   qr:claim:<t>     the poll that collects the session (set once: one session per ticket)
 *
 * Each fact is its own set-once key rather than a status field rewritten in place, so concurrent
 * scans, decisions and polls (several API processes over Redis) cannot overwrite one another.
 */

interface StoredTicket {
  tenantId: string;
  pollKey: string;
  ip: string;
  userAgent: string;
  createdAt: number;
  expiresAt: number;
}
interface StoredDecision {
  approve: boolean;
  userId: string;
  homeTenantId: string;
}

/** A confirmed ticket stays collectable this long past its expiry (a confirm in its last second). */
const CLAIM_GRACE_SECONDS = 30;
const KEEP_SECONDS = QR_TICKET_TTL_SECONDS + CLAIM_GRACE_SECONDS;
const keys = (ticket: string) => ({
  ticket: `qr:ticket:${ticket}`,
  scan: `qr:scan:${ticket}`,
  decision: `qr:decision:${ticket}`,
  claim: `qr:claim:${ticket}`,
});
const randomSecret = () => randomBytes(16).toString('base64url');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class QrLoginService {
  private readonly repo = new QrLoginRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: SysAuthService,
  ) {}

  /** A new ticket for the waiting page at `origin` (the site the QR code must lead back to). */
  async create(tenantId: string | undefined, meta: SessionMeta, origin: string): Promise<QrTicket> {
    const tenant = await this.auth.loginTenant(tenantId);
    const ticket = randomSecret();
    const now = Date.now();
    const stored: StoredTicket = {
      tenantId: tenant.id,
      pollKey: randomSecret(),
      ip: (meta.ip ?? '').slice(0, 64),
      userAgent: (meta.userAgent ?? '').slice(0, 512),
      createdAt: now,
      expiresAt: now + QR_TICKET_TTL_SECONDS * 1000,
    };
    await this.ctx.cache.set(keys(ticket).ticket, stored, KEEP_SECONDS);
    const query = new URLSearchParams({ ticket });
    // The confirming user signs in to the ticket's tenant if the link finds them signed out.
    if (tenant.id !== DEFAULT_TENANT_ID) query.set('tid', tenant.id);
    const confirmUrl = `${origin}${QR_CONFIRM_PATH}?${query.toString()}`;
    return {
      ticket,
      pollKey: stored.pollKey,
      expiresAt: formatIso(new Date(stored.expiresAt)),
      confirmUrl,
      qrImage: qrSvgDataUrl(confirmUrl),
    };
  }

  private async read(ticket: string) {
    const k = keys(ticket);
    const [stored, scan, decision] = await this.ctx.cache.getMany<
      [StoredTicket, { userId: string }, StoredDecision]
    >([k.ticket, k.scan, k.decision]);
    return { stored, scan, decision };
  }

  private static statusOf(
    stored: StoredTicket,
    scan: unknown,
    decision: StoredDecision | undefined,
  ): QrTicketStatus {
    if (decision) return decision.approve ? 'confirmed' : 'rejected';
    if (Date.now() > stored.expiresAt) return 'expired';
    return scan ? 'scanned' : 'pending';
  }

  /**
   * The waiting page's question. An unknown ticket and a wrong poll key both read 'expired', so the
   * answer tells a guesser nothing. A confirmed ticket hands over the session once: the poll that
   * sets the claim key opens it, every later poll reads 'expired'.
   */
  async poll(
    ticket: string,
    pollKey: string,
    meta: SessionMeta,
  ): Promise<{ result: QrPollResult; pair?: TokenPair }> {
    const expired = { result: { status: 'expired' as const } };
    const { stored, scan, decision } = await this.read(ticket);
    if (!stored || !sameSecret(stored.pollKey, pollKey)) return expired;
    const status = QrLoginService.statusOf(stored, scan, decision);
    if (status !== 'confirmed' || !decision) return { result: { status } };
    const k = keys(ticket);
    if (!(await this.ctx.cache.setIfAbsent(k.claim, 1, KEEP_SECONDS))) return expired;
    await this.ctx.cache.del(k.ticket, k.scan, k.decision);
    // The account is read again: it may have been disabled or locked since it confirmed.
    const user = await this.ctx.db.tenant(decision.homeTenantId, (trx) =>
      this.repo.findUser(trx, decision.userId),
    );
    if (!user) throw badRequest('auth.accountDisabled');
    const pair = await this.auth.loginIdentified(user, stored.tenantId, meta);
    return { result: { status, ...pair, homepage: null }, pair };
  }

  /**
   * A ticket as the signed-in user who opened its link may see it. A ticket of another tenant reads
   * as unknown (404), so a link cannot be used to learn about other tenants' sign-ins.
   */
  private async forUser(ticket: string, principal: Principal) {
    const found = await this.read(ticket);
    const { stored } = found;
    if (!stored || stored.tenantId !== principal.tenantId) throw notFound('signin.qrTicketInvalid');
    const status = QrLoginService.statusOf(stored, found.scan, found.decision);
    if (status === 'expired') throw notFound('signin.qrTicketInvalid');
    if (status === 'confirmed' || status === 'rejected') throw conflict('signin.qrTicketUsed');
    return { ...found, stored, status };
  }

  /** Marks the ticket scanned and describes the device that asks to sign in. */
  async scan(ticket: string, principal: Principal): Promise<QrScanResult> {
    const { stored } = await this.forUser(ticket, principal);
    const ttl = Math.max(1, Math.ceil((stored.expiresAt - Date.now()) / 1000) + CLAIM_GRACE_SECONDS);
    await this.ctx.cache.setIfAbsent(keys(ticket).scan, { userId: principal.userId }, ttl);
    const tenant = await this.ctx.tenants.get(stored.tenantId);
    return {
      status: 'scanned',
      ...describeUserAgent(stored.userAgent),
      ip: stored.ip,
      tenantName: tenant?.name ?? '',
      createdAt: formatIso(new Date(stored.createdAt)),
      expiresAt: formatIso(new Date(stored.expiresAt)),
      secondsLeft: Math.max(0, Math.floor((stored.expiresAt - Date.now()) / 1000)),
    };
  }

  /** Confirms (the waiting page then signs in as this user) or rejects the ticket; once. */
  async decide(ticket: string, approve: boolean, principal: Principal): Promise<QrTicketStatus> {
    await this.forUser(ticket, principal);
    const decision: StoredDecision = {
      approve,
      userId: principal.userId,
      homeTenantId: principal.homeTenantId,
    };
    if (!(await this.ctx.cache.setIfAbsent(keys(ticket).decision, decision, KEEP_SECONDS)))
      throw conflict('signin.qrTicketUsed');
    return approve ? 'confirmed' : 'rejected';
  }
}
