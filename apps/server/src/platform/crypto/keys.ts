import { randomBytes } from 'node:crypto';
import type { Database, Trx } from '../db/database.js';
import { insertMissingServerKeys, readServerKeys } from './keys.repo.js';
import { generateSm2KeyPair } from './sm2.js';

export interface ServerKeys {
  jwtSecret: string;
  sm2PublicKey: string;
  sm2PrivateKey: string;
  /**
   * AES-256 keys for secrets kept in the database (provider API keys), by version: `1` is the
   * `data_key` row. Rotation adds `data_key_2`, seals with the newest and still opens the older ones.
   */
  dataKeys: ReadonlyMap<number, Buffer>;
}

/**
 * Secrets generated at first start and kept in the database, never in the repository. Only the keys
 * role reads them (the app and platform roles cannot, so no request's SQL can). Concurrent first
 * starts race on insert: `on conflict do nothing` and a re-read make every process agree.
 */
export async function loadOrCreateKeys(database: Database): Promise<ServerKeys> {
  return database.secrets((db) => readOrCreate(db));
}

async function readOrCreate(db: Trx): Promise<ServerKeys> {
  const pair = generateSm2KeyPair();
  const fresh: Record<string, string> = {
    jwt_secret: randomBytes(48).toString('base64url'),
    sm2_public: pair.publicKey,
    sm2_private: pair.privateKey,
    // Installs from before provider keys get theirs at their next start (missing rows are inserted).
    data_key: randomBytes(32).toString('base64url'),
  };
  const existing = await readServerKeys(db);
  const have = new Set(existing.map((row) => row.name));
  // Both halves of the SM2 pair must come from the same generation.
  const missing = Object.entries(fresh).filter(([name]) =>
    name.startsWith('sm2_') ? !have.has('sm2_public') || !have.has('sm2_private') : !have.has(name),
  );
  if (missing.length) {
    await insertMissingServerKeys(
      db,
      missing.map(([name, value]) => ({ name, value })),
    );
  }
  const rows = await readServerKeys(db);
  const value = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`server key ${name} is missing`);
    return row.value;
  };
  return {
    jwtSecret: value('jwt_secret'),
    sm2PublicKey: value('sm2_public'),
    sm2PrivateKey: value('sm2_private'),
    dataKeys: dataKeyRing(rows),
  };
}

/** `data_key` is version 1, `data_key_<n>` version n: every version stays readable after a rotation. */
function dataKeyRing(rows: { name: string; value: string }[]): Map<number, Buffer> {
  const ring = new Map<number, Buffer>();
  for (const row of rows) {
    const match = /^data_key(?:_(\d+))?$/.exec(row.name);
    if (!match) continue;
    const key = Buffer.from(row.value, 'base64url');
    if (key.length !== 32) throw new Error(`server key ${row.name} is not 32 bytes`);
    ring.set(match[1] ? Number(match[1]) : 1, key);
  }
  if (!ring.has(1)) throw new Error('server key data_key is missing');
  return ring;
}
