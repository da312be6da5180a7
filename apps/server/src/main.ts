import { buildApp } from './app.js';
import { ConfigError, loadConfig, ServiceUnavailableError, type Config } from './config.js';
import { seed } from './db/seed/index.js';
import { createContext } from './platform/context.js';

function readConfig(): Config {
  try {
    // npm runs workspace scripts inside the workspace; relative paths (DATA_DIR) are meant from
    // where the user typed the command.
    return loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const ctx = await createContext(config).catch((error: unknown) => {
  if (error instanceof ServiceUnavailableError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const seeded = await seed(ctx.db, config);
const app = await buildApp(ctx);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  ctx.log.info({ signal }, 'shutting down');
  // Stop taking requests, let in-flight ones finish, then close the database cleanly
  // (PGlite flushes its data folder on close).
  await app.close();
  await ctx.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
// Jobs start once the server listens: HTTP jobs may call a path of this server.
const selfHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const selfPort = (app.server.address() as { port?: number } | null)?.port ?? config.port;
await app.jobs.start({
  postgresUrl: config.databaseUrl,
  selfOrigin: `http://${selfHost.includes(':') ? `[${selfHost}]` : selfHost}:${selfPort}`,
});
const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.dataDir}/db)`;
const lines = [
  '',
  `  Lintel is running at ${url}`,
  `  API documentation: ${url}/swagger`,
  `  Database: ${database}; cache: ${config.redisUrl ? 'Redis' : 'in memory'}`,
];
if (config.nodeEnv !== 'production') {
  lines.push(
    `  Demo accounts (tenant 1300000000001): superAdmin / ${seeded.passwords.superAdmin}, admin / ${seeded.passwords.admin}`,
  );
} else if (seeded.created) {
  lines.push(
    '  First start: write these passwords down, they are not shown again and must be changed at first sign-in:',
    `    superAdmin / ${seeded.passwords.superAdmin}`,
    `    admin      / ${seeded.passwords.admin}`,
  );
}
console.log(`${lines.join('\n')}\n`);
