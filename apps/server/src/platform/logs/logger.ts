import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Query parameters that carry secrets somewhere in the API or the pages it serves: the unlock-screen
 * password (Admin.NET puts it in the query), refresh access tokens, the OAuth callback's code and
 * state, the one-time sign-in code of /login?oauth=, QR tickets. Their values never reach a log.
 */
const SECRET_PARAMS =
  /^(password|pwd|passwd|token|accesstoken|refreshtoken|access_token|refresh_token|code|state|oauth|ticket|secret|clientsecret|client_secret|sign|signature)$/i;
const REDACTED = '[redacted]';

/** Path segments that carry secrets: the text sysCommon/encryptPlainText encrypts (Admin.NET puts it there). */
const SECRET_PATH = /^(\/api\/syscommon\/encryptplaintext\/)[^?#]*/i;

/** A request address with every secret-bearing path segment and query value replaced. */
export function redactUrl(address: string): string {
  const url = address.replace(SECRET_PATH, `$1${REDACTED}`);
  const index = url.indexOf('?');
  if (index < 0) return url;
  const query = url
    .slice(index + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      // `password[]`, `user[password]`, `password.0`: any part of a bracketed or dotted name counts.
      const parts = name
        .trim()
        .split(/[[\].]+/)
        .filter(Boolean);
      return eq >= 0 && parts.some((part) => SECRET_PARAMS.test(part)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, index)}?${query}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The process logger. Requests are logged by method, redacted address and peer only (never headers,
 * so no Authorization, X-Authorization or Cookie); fields named like secrets are censored wherever a
 * log line carries them. (The log SMS provider writes verification codes on purpose: on a machine
 * without a gateway the log is where the message goes.)
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (req: RequestLike) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: pino.stdSerializers.err,
    },
    redact: {
      paths: [
        'password',
        '*.password',
        'accessToken',
        '*.accessToken',
        'refreshToken',
        '*.refreshToken',
        'token',
        '*.token',
        'clientSecret',
        '*.clientSecret',
        'headers.authorization',
        'headers.cookie',
        'headers["x-authorization"]',
      ],
      censor: REDACTED,
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}
