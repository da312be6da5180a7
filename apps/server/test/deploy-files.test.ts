import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.js';
import { IDLE_TIMEOUT_MS } from '../src/platform/ai/dify.js';
import { HUB_PATH } from '../src/platform/realtime/events.js';
import { interpolate, readEnvFile, type Interpolation } from './deploy/compose-env.js';
import { envOf, execForm, parseDockerfile } from './deploy/dockerfile.js';
import { children, effective, locationFor, parseNginx } from './deploy/nginx-conf.js';
import { freePort } from './processes/server-process.js';

/**
 * The sample deployment in deploy/ cannot be built or run here (no Docker), so this lints it: the
 * Dockerfile with hadolint-like rules, compose.yaml against the server's own settings (config.ts
 * reads them as the containers would set them), and nginx.conf against both and `nginx -t`.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  restart?: string;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const stages = parseDockerfile(read('deploy/Dockerfile'));
const runtime = stages.at(-1)!;
const instructions = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);

const exampleEnv = readEnvFile(read('deploy/.env.example'));
const rawCompose = parse(read('deploy/compose.yaml'), { merge: true }) as Compose;
const seen: Interpolation = { used: new Set() };
const compose = interpolate(rawCompose, exampleEnv, seen);
const services = Object.entries(compose.services);
function serviceOf(name: string): Service {
  const service = compose.services[name];
  if (!service) throw new Error(`compose.yaml has no service ${name}`);
  return service;
}
const dockerfile = path.join(root, 'deploy/Dockerfile');
/** The services that run the image of deploy/Dockerfile. */
const apiServices = services
  .filter(
    ([, s]) => s.build && path.resolve(root, 'deploy', s.build.context, s.build.dockerfile) === dockerfile,
  )
  .map(([name]) => name);
/** One-shot services: others wait for them to finish, not to be healthy. */
const oneShots = new Set(
  services.flatMap(([, s]) =>
    Object.entries(Array.isArray(s.depends_on) ? {} : (s.depends_on ?? {}))
      .filter(([, d]) => d.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

/** The settings config.ts reads from an environment, found by watching it read them. */
function settingsRead(env: Record<string, string>) {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key);
    },
  });
  return { read, config: loadConfig(watched, '/app') };
}
/** What an API container's server sees: the image's ENV, then compose's environment. */
const apiEnv = { ...envOf(runtime), ...serviceOf(apiServices[0] ?? '').environment };
const api = settingsRead(apiEnv);

const nginxTree = parseNginx(read('deploy/nginx.conf'));
const http = children(nginxTree, 'http')[0]!;
const server = children(http.block, 'server')[0]!;
const nginxValue = (uri: string, name: string) => effective(http, server, uri, name);
/** The first argument of a directive in force for a URI. */
const nginxArg = (uri: string, name: string) => nginxValue(uri, name)[0]?.[0] ?? '';

describe('deploy/Dockerfile', () => {
  it('builds in at least two stages from pinned images', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names = new Set<string>();
    for (const stage of stages) {
      if (!names.has(stage.image))
        expect(stage.image, 'a tag or digest, not latest').toMatch(/^[^@]+(:[\w.-]+|@sha256:\w+)$/);
      expect(stage.image).not.toMatch(/:latest$/);
      if (stage.name) names.add(stage.name);
    }
  });

  it('installs with npm ci from the lockfile and fetches nothing with ADD', () => {
    const runs = stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    for (const r of runs) expect(r).not.toMatch(/\bnpm (install|i|add)\b/);
    const adds = stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'ADD'));
    for (const add of adds) expect(add.args).not.toMatch(/(https?|git|ssh):\/\/|git@/);
  });

  it('runs, in exec form, the file the build produces', () => {
    const build = stages.find((s) =>
      s.instructions.some((i) => i.keyword === 'RUN' && /\bnpm run build\b/.test(i.args)),
    );
    expect(build?.name, 'a named stage runs `npm run build`').toBeDefined();
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build, 'the root package.json has the `build` script the image runs').toBeDefined();
    const cmd = instructions('CMD');
    expect(cmd).toHaveLength(1);
    const argv = execForm(cmd[0]!.args) ?? [];
    expect(argv[0], 'CMD in exec form, run by node').toBe('node');
    const workdir = instructions('WORKDIR').at(-1)!.args;
    const entry = path.posix.relative(workdir, path.posix.resolve(workdir, argv[1] ?? ''));
    expect(entry).toBe('apps/server/dist/main.js');
    // The compiled tree mirrors src/, and the runtime stage takes it from the build stage.
    expect(fs.existsSync(path.join(root, entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts')))).toBe(
      true,
    );
    const built = path.posix.join(
      build!.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)!.args,
      path.posix.dirname(entry),
    );
    const copied = instructions('COPY').filter((c) => c.args.includes(`--from=${build!.name}`));
    expect(copied.some((c) => c.args.split(/\s+/).includes(built))).toBe(true);
  });

  it('copies every file outside its code that the server reads relative to itself', () => {
    // What each COPY puts in place, relative to the runtime stage's working directory.
    const placed = instructions('COPY').flatMap((c) => {
      const words = c.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const target = words.at(-1)!;
      const sources = words.slice(0, -1);
      return target.endsWith('/')
        ? sources.map((source) => path.posix.join(target, path.posix.basename(source)))
        : [target];
    });
    const src = path.join(root, 'apps/server/src');
    const read = new Set<string>();
    for (const file of fs.readdirSync(src, { recursive: true }) as string[]) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      for (const m of text.matchAll(/new URL\('(\.\.\/[^']*)', import\.meta\.url\)/g)) {
        const target = path.relative(root, path.resolve(src, path.dirname(file), m[1]!));
        // The repository itself: the development tools' workspace, not something production reads.
        if (target && !target.startsWith('apps/server/src')) read.add(target);
      }
    }
    expect(read.size).toBeGreaterThan(0);
    for (const target of read) {
      expect(
        placed.some((p) => target === p || target.startsWith(`${p}/`)),
        `${target} is in the image`,
      ).toBe(true);
    }
  });

  it('runs as a numeric non-root user, stops on SIGTERM and checks /health/ready', () => {
    const keywords = runtime.instructions.map((i) => i.keyword);
    const user = instructions('USER').at(-1);
    expect(user?.args).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user!.args.split(':')[0])).toBeGreaterThan(0);
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.indexOf('CMD'));
    expect(instructions('STOPSIGNAL')[0]?.args).toBe('SIGTERM');
    expect(read('apps/server/src/main.ts')).toContain("process.on('SIGTERM'");
    const health = instructions('HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]?.args).toMatch(/\bCMD \[/);
    expect(health[0]?.args).toContain('/health/ready');
    expect(instructions('EXPOSE').map((i) => Number(i.args))).toEqual([api.config.port]);
  });

  it('sets only settings the server reads, for production on all interfaces', () => {
    const env = envOf(runtime);
    for (const name of Object.keys(env)) expect(api.read, `ENV ${name}`).toContain(name);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(instructions('VOLUME')[0]?.args).toContain(env.DATA_DIR);
  });

  it('leaves dependencies, builds, data, git and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '**/.env'])
      expect(ignored).toContain(entry);
  });
});

describe('deploy/compose.yaml', () => {
  it('pins every image', () => {
    for (const [name, service] of services) {
      expect(service.image, name).toMatch(/^[^@]+(:[\w.-]+|@sha256:\w+)$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
  });

  it('checks the health of every service and starts each once what it needs is healthy', () => {
    const imageHealth = instructions('HEALTHCHECK').length > 0;
    const healthy = (name: string) =>
      serviceOf(name).healthcheck?.disable !== true &&
      (!!serviceOf(name).healthcheck?.test || (apiServices.includes(name) && imageHealth));
    for (const [name, service] of services) {
      if (oneShots.has(name)) expect(service.restart, `${name} runs once`).toBe('no');
      else expect(healthy(name), `${name} has a health check`).toBe(true);
      expect(Array.isArray(service.depends_on), `${name}: depends_on with conditions`).toBe(false);
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[needed], `${name} needs ${needed}`).toBeDefined();
        expect(condition, `${name} → ${needed}`).toBe(
          oneShots.has(needed) ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
  });

  it('runs two API processes of one image, reachable only through nginx', () => {
    expect(apiServices.length).toBeGreaterThanOrEqual(2);
    expect(new Set(apiServices.map((name) => serviceOf(name).image)).size).toBe(1);
    for (const name of apiServices) expect(serviceOf(name).ports, name).toBeUndefined();
    const nginx = serviceOf('nginx');
    expect(nginx.ports?.length).toBe(1);
    expect(Object.keys(nginx.depends_on ?? {})).toEqual(expect.arrayContaining(apiServices));
  });

  it('gives the API settings the server reads, which load as PostgreSQL, Redis and S3 behind a proxy', () => {
    for (const name of apiServices) {
      expect(serviceOf(name).environment, name).toEqual(serviceOf(apiServices[0]!).environment);
    }
    for (const name of Object.keys(apiEnv)) expect(api.read, name).toContain(name);
    expect(api.config).toMatchObject({
      nodeEnv: 'production',
      storage: { provider: 's3', forcePathStyle: true },
    });
    expect(api.config.databaseUrl).toMatch(/@postgres:5432\//);
    expect(api.config.redisUrl).toMatch(/@redis:6379$/);
    expect(api.config.storage).toMatchObject({ endpoint: 'http://minio:9000' });
    expect(api.config.trustProxy).not.toBe(false);
  });

  it('takes every secret from deploy/.env, whose example documents each variable it uses', () => {
    for (const [name, service] of Object.entries(rawCompose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN|AUTH/.test(key)) expect(value, `${name} ${key}`).toMatch(/^\$\{\w+/);
      }
    }
    expect([...seen.used].sort()).toEqual([...exampleEnv.keys()].sort());
  });

  it('mounts files that exist and keeps data in named volumes', () => {
    for (const [name, service] of services) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('.'))
          expect(fs.existsSync(path.join(root, 'deploy', source)), volume).toBe(true);
        else expect(Object.keys(compose.volumes ?? {}), `${name}: ${volume}`).toContain(source);
      }
    }
  });
});

/**
 * The routes that answer text/event-stream: those whose handler calls sendEvents, under their module's
 * prefix (a routes plugin registered by another module's takes that module's prefix).
 */
function eventStreamPaths(): string[] {
  const modules = path.join(root, 'apps/server/src/modules');
  const index = read('apps/server/src/modules/index.ts');
  const files = (fs.readdirSync(modules, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => fs.readFileSync(path.join(modules, file), 'utf8'));
  const prefixOf = (plugin: string): string | undefined => {
    const listed = new RegExp(`\\['(\\w+)',\\s*${plugin}\\]`).exec(index)?.[1];
    if (listed) return listed;
    const parent = files.find((text) => text.includes(`register(${plugin}(`));
    const parentPlugin = parent && /export const (\w+)/.exec(parent)?.[1];
    return parentPlugin ? prefixOf(parentPlugin) : undefined;
  };
  const found: string[] = [];
  for (const text of files) {
    const marks = [...text.matchAll(/export const (\w+)|app\.(?:get|post|put|patch|delete)\(\s*'([^']+)'/g)];
    let plugin = '';
    marks.forEach((mark, i) => {
      if (mark[1]) plugin = mark[1];
      else if (text.slice(mark.index, marks[i + 1]?.index).includes('sendEvents(')) {
        found.push(`/api/${prefixOf(plugin)}${mark[2]}`);
      }
    });
  }
  return found;
}

/** `16m`, `512k`, `1g` or bytes, as nginx sizes go. */
const bytes = (size: string) =>
  Number.parseInt(size, 10) * ({ k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[size.at(-1)!.toLowerCase()] ?? 1);
/** `180s`, `3m` or seconds, as nginx times go. */
const seconds = (time: string) => Number.parseInt(time, 10) * ({ m: 60, h: 3600 }[time.at(-1)!] ?? 1);

describe('deploy/nginx.conf', () => {
  const upstream = children(http.block, 'upstream')[0]!;

  it('balances over the API services on the port they listen on', () => {
    const targets = children(upstream.block, 'server').map((s) => s.args[0]);
    expect(targets.sort()).toEqual(apiServices.map((name) => `${name}:${api.config.port}`).sort());
    expect(nginxValue('/', 'proxy_pass')).toEqual([[`http://${upstream.args[0]}`]]);
    expect(nginxValue('/api/sysAuth/userInfo', 'proxy_pass')).toEqual([[`http://${upstream.args[0]}`]]);
  });

  it('passes the client address, scheme and host, and upgrades the realtime hub', () => {
    const headers = nginxValue(`${HUB_PATH}/`, 'proxy_set_header').map((h) => h.join(' '));
    expect(headers).toEqual(
      expect.arrayContaining([
        'Host $host',
        // Overwritten, not appended: the client cannot choose the address rate limits key on.
        'X-Forwarded-For $remote_addr',
        'X-Forwarded-Proto $scheme',
        'Upgrade $http_upgrade',
        'Connection $connection_upgrade',
      ]),
    );
    expect(nginxValue(`${HUB_PATH}/`, 'proxy_http_version')).toEqual([['1.1']]);
    expect(children(http.block, 'map').some((m) => m.args[1] === '$connection_upgrade')).toBe(true);
    // No sticky sessions: browser and hub speak WebSocket only, never long polling.
    expect(read('apps/web/src/shared/realtime/realtime-client.ts')).toContain("transports: ['websocket']");
    expect(read('apps/server/src/platform/realtime/realtime-hub.ts')).toContain("transports: ['websocket']");
    expect(children(upstream.block, 'ip_hash')).toEqual([]);
  });

  it('streams every event-stream route unbuffered, for longer than the server waits on a model', () => {
    const streams = eventStreamPaths();
    expect(streams).toContain('/api/aiChat/stream');
    for (const uri of streams) {
      expect(locationFor(server, uri)?.args, uri).toContain('~');
      expect(nginxValue(uri, 'proxy_buffering'), uri).toEqual([['off']]);
      expect(nginxValue(uri, 'gzip'), uri).toEqual([['off']]);
      expect(seconds(nginxArg(uri, 'proxy_read_timeout')) * 1000, uri).toBeGreaterThan(IDLE_TIMEOUT_MS);
    }
  });

  it('takes the largest upload (a 10 MB file as base64) and keeps /metrics off the balanced site', () => {
    expect(bytes(nginxArg('/api/sysFile/uploadFileFromBase64', 'client_max_body_size'))).toBeGreaterThan(
      (UPLOAD_MAX_BYTES * 4) / 3,
    );
    expect(nginxValue('/metrics', 'return')).toEqual([['404']]);
  });

  const nginx = '/usr/sbin/nginx';
  const ci = process.env.CI === 'true';
  if (!fs.existsSync(nginx) && !ci)
    console.warn(`[lintel] nginx -t of deploy/nginx.conf skipped: no ${nginx} (apt-get install -y nginx)`);

  it.skipIf(!fs.existsSync(nginx) && !ci)(
    'passes nginx -t with the API hosts pointed at this machine',
    async () => {
      expect(fs.existsSync(nginx), `${nginx} is missing: .ci/run installs Debian's nginx`).toBe(true);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lintel-nginx-'));
      try {
        // nginx -t resolves upstream hosts and binds the listen ports: local ones here. Its pid, logs
        // and temporary files go to the temporary folder, so it needs no root.
        const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (t) => `${t}_temp_path ${dir}/${t};`,
        );
        const text = read('deploy/nginx.conf')
          .replace(new RegExp(`\\bserver\\s+(${apiServices.join('|')}):`, 'g'), 'server 127.0.0.1:')
          .replace(/\blisten\s+\d+;/, `listen 127.0.0.1:${await freePort()};`)
          .replace(/^http \{/m, `http {\n    access_log ${dir}/access.log;\n    ${temp.join(' ')}`);
        fs.writeFileSync(`${dir}/nginx.conf`, `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${text}`);
        const result = await promisify(execFile)(nginx, [
          '-t',
          '-e',
          `${dir}/error.log`,
          '-p',
          dir,
          '-c',
          `${dir}/nginx.conf`,
        ]);
        expect(result.stderr).toContain('test is successful');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
