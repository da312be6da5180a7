import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAllowEntry } from './platform/net/outbound.js';

/**
 * The only module that reads the environment. Everything else receives a Config.
 * A bad value stops start-up with one line that names the setting (ConfigError).
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database under dataDir/db is used. */
  databaseUrl: string | undefined;
  /** Redis connection string; when absent cache, rate limits and revocation live in process memory. */
  redisUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  /** 'on' keeps the tenant's captcha setting, 'off' disables the captcha for automation. */
  captcha: 'on' | 'off';
  accessTokenMinutes: number;
  refreshTokenMinutes: number;
  /** Seconds a rotated refresh token may still be presented by requests that were already in flight. */
  refreshGraceSeconds: number;
  /** Plain-text passwords are refused unless this is set (development tooling only). */
  allowPlainPassword: boolean;
  logLevel: string;
  /** Which API calls the HTTP request log keeps: `writes` (not GET/HEAD/OPTIONS, the default), `all`, `off`. */
  httpLog: 'writes' | 'all' | 'off';
  /** Passwords for the first accounts in production; generated and printed once when absent. */
  initialSuperAdminPassword: string | undefined;
  initialAdminPassword: string | undefined;
  /** Redis key prefix, so that several deployments (or test files) can share one Redis. */
  redisPrefix: string;
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits, logs): false (direct
   * exposure), true (any peer: only behind a proxy that overwrites the header), or the addresses /
   * CIDR ranges of the proxies. (Fastify refuses bare hop counts: they cannot check the peer.)
   */
  trustProxy: boolean | string[];
  /** The built web app the server serves (`npm run build -w apps/web` writes it); WEB_DIST overrides. */
  webDist: string;
  /**
   * Host names, addresses and CIDR ranges outside the public internet that the server may call and
   * that links may point at (an intranet identity provider); everything private is refused otherwise.
   */
  allowPrivateHosts: string[];
  /** Production normally refuses a superuser or BYPASSRLS database login; this lets it start anyway. */
  databaseAllowSuperuser: boolean;
  /** MQTT_BROKER=on: the embedded MQTT broker at /mqtt (a development tool; off unless asked for). */
  mqttBroker: boolean;
  /** METRICS=on: Prometheus text at /metrics (off unless asked for). */
  metrics: boolean;
  /** METRICS_TOKEN: when set, /metrics wants `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * Where dynamic plugins are loaded from (PLUGINS_DIR). Without it: the repository's `plugins/` in
   * development (its sample plugin), none in production (an operator names the folder) or in tests.
   */
  pluginsDir: string | undefined;
  /**
   * The site's public origin (`https://admin.school.edu`), used for addresses handed to others (the
   * OAuth callback, the QR confirm page) instead of the request's Host header. Origin only.
   */
  publicUrl: string | undefined;
  /**
   * How the database tools change the schema (LINTEL_SCHEMA_CHANGES): `migration` writes each change
   * as a migration file into the workspace and applies it (development); `direct` applies it to the
   * chosen database only (an operator's explicit choice); `off` refuses every change (production).
   */
  schemaChanges: 'migration' | 'direct' | 'off';
  /**
   * The source tree the code generator and `migration` schema changes write into (LINTEL_WORKSPACE):
   * this repository in development, none otherwise unless set.
   */
  workspaceDir: string | undefined;
  /** Where uploaded files are stored (STORAGE_PROVIDER): the local disk under dataDir/upload, or S3. */
  storage: StorageConfig;
  /**
   * JOB_LEASE_SECONDS: how long a job run on PostgreSQL may hold its fire before pg-boss takes it
   * for lost (its process died) and delivers it again, when the trigger has retries left.
   */
  jobLeaseSeconds: number;
  /**
   * REPORT_TIMEOUT_SECONDS: the statement timeout of one report query, on the product's database
   * and on external sources alike; a report that runs longer is cancelled with a localized 400.
   */
  reportTimeoutSeconds: number;
}

/**
 * An S3-compatible object store (AWS S3, MinIO, Aliyun OSS, Tencent COS, Cloudflare R2 ...):
 * S3_ENDPOINT (absent for AWS itself), S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE (MinIO and most self-hosted servers want path-style addresses).
 */
export interface S3StorageConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type StorageConfig = { provider: 'local' } | ({ provider: 's3' } & S3StorageConfig);

/** The repository root, found from this source folder (apps/server/src). */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** apps/web/dist, found from this source folder so that it does not depend on the working directory. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`Invalid setting ${setting}: ${reason}`);
  }
}

/** A configured service that cannot be reached at start-up (one line naming the setting). */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly setting: string,
    service: string,
    cause: unknown,
  ) {
    super(
      `Cannot connect to ${service} (${setting}): ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}..${max}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase() as T;
  if (!allowed.includes(value)) throw new ConfigError(name, `"${raw}" is not one of ${allowed.join(', ')}`);
  return value;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw.trim();
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `"${raw}" is not a boolean (true/false)`);
}

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || /^(false|no|off|0)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  const list = raw.split(',').map((part) => part.trim());
  const address =
    /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  if (list.some((part) => !address.test(part))) {
    throw new ConfigError(
      'TRUST_PROXY',
      'must be true, false or a comma-separated list of proxy addresses / CIDR ranges',
    );
  }
  return list;
}

function publicOrigin(env: Env): string | undefined {
  const raw = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  if (!raw) return undefined;
  const parsed = new URL(raw);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password)
    throw new ConfigError('PUBLIC_URL', 'must be an origin only, like https://admin.example.com');
  return parsed.origin;
}

function hostList(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = list.find((entry) => !isAllowEntry(entry));
  if (bad) throw new ConfigError(name, `"${bad}" is not a host name, an address or a CIDR range`);
  return list;
}

function storage(env: Env): StorageConfig {
  const provider = oneOf(env, 'STORAGE_PROVIDER', ['local', 's3'] as const, 'local');
  if (provider === 'local') return { provider };
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(name, 'is required when STORAGE_PROVIDER is s3');
    return value;
  };
  const bucket = required('S3_BUCKET');
  // S3 bucket naming rules (3-63 lower-case letters, digits, dots, hyphens); OSS and COS share them.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError('S3_BUCKET', `"${bucket}" is not a valid bucket name`);
  return {
    provider,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

function developerTools(env: Env, nodeEnv: Config['nodeEnv'], cwd: string) {
  const workspace = env.LINTEL_WORKSPACE?.trim();
  const workspaceDir = workspace
    ? path.resolve(cwd, workspace)
    : nodeEnv === 'development'
      ? REPOSITORY_ROOT
      : undefined;
  const schemaChanges = oneOf(
    env,
    'LINTEL_SCHEMA_CHANGES',
    ['migration', 'direct', 'off'] as const,
    nodeEnv === 'development' ? 'migration' : 'off',
  );
  if (schemaChanges === 'migration' && !workspaceDir)
    throw new ConfigError(
      'LINTEL_SCHEMA_CHANGES',
      'migration needs LINTEL_WORKSPACE (the source tree to write into)',
    );
  return { schemaChanges, workspaceDir };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const host = (env.HOST ?? '127.0.0.1').trim();
  if (host === '') throw new ConfigError('HOST', 'must not be empty');
  const accessTokenMinutes = int(env, 'ACCESS_TOKEN_MINUTES', 30, 1, 60 * 24 * 7);
  const refreshTokenMinutes = int(env, 'REFRESH_TOKEN_MINUTES', 60 * 24 * 7, 2, 60 * 24 * 90);
  if (refreshTokenMinutes <= accessTokenMinutes) {
    throw new ConfigError('REFRESH_TOKEN_MINUTES', 'must be longer than ACCESS_TOKEN_MINUTES');
  }
  return {
    port: int(env, 'PORT', 5005, 0, 65535),
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    nodeEnv,
    captcha: oneOf(env, 'LINTEL_CAPTCHA', ['on', 'off'] as const, 'on'),
    accessTokenMinutes,
    refreshTokenMinutes,
    refreshGraceSeconds: int(env, 'REFRESH_GRACE_SECONDS', 30, 0, 300),
    allowPlainPassword: bool(env, 'LINTEL_ALLOW_PLAIN_PASSWORD', false),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    httpLog: oneOf(env, 'LOG_HTTP', ['writes', 'all', 'off'] as const, 'writes'),
    initialSuperAdminPassword: env.LINTEL_SUPERADMIN_PASSWORD || undefined,
    initialAdminPassword: env.LINTEL_ADMIN_PASSWORD || undefined,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'lintel:',
    trustProxy: trustProxy(env),
    webDist: env.WEB_DIST?.trim() ? path.resolve(cwd, env.WEB_DIST.trim()) : DEFAULT_WEB_DIST,
    allowPrivateHosts: hostList(env, 'ALLOW_PRIVATE_HOSTS'),
    databaseAllowSuperuser: bool(env, 'DATABASE_ALLOW_SUPERUSER', false),
    mqttBroker: bool(env, 'MQTT_BROKER', false),
    metrics: bool(env, 'METRICS', false),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    pluginsDir: env.PLUGINS_DIR?.trim()
      ? path.resolve(cwd, env.PLUGINS_DIR.trim())
      : nodeEnv === 'development'
        ? path.join(REPOSITORY_ROOT, 'plugins')
        : undefined,
    publicUrl: publicOrigin(env),
    ...developerTools(env, nodeEnv, cwd),
    storage: storage(env),
    // pg-boss keeps an expiry under 24 hours.
    jobLeaseSeconds: int(env, 'JOB_LEASE_SECONDS', 3600, 2, 86_399),
    reportTimeoutSeconds: int(env, 'REPORT_TIMEOUT_SECONDS', 10, 1, 300),
  };
}
