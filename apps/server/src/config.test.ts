import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/lintel');
    expect(config).toMatchObject({
      port: 5005,
      host: '127.0.0.1',
      dataDir: '/srv/lintel/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      nodeEnv: 'development',
      captcha: 'on',
      accessTokenMinutes: 30,
      refreshTokenMinutes: 10080,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost'],
    ['NODE_ENV', 'staging'],
    ['LINTEL_CAPTCHA', 'maybe'],
    ['ACCESS_TOKEN_MINUTES', '0'],
    ['LOG_LEVEL', 'loud'],
    ['LINTEL_ALLOW_PLAIN_PASSWORD', 'perhaps'],
    ['TRUST_PROXY', 'the load balancer'],
    ['PUBLIC_URL', 'ftp://admin.example.com'],
    ['PUBLIC_URL', 'https://admin.example.com/lintel'],
  ])('stops with one line naming %s for %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid setting ${name}: `));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads the public origin, without a final slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://Admin.Example.com/' }).publicUrl).toBe(
      'https://admin.example.com',
    );
  });

  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('requires the refresh token to outlive the access token', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_MINUTES: '60', REFRESH_TOKEN_MINUTES: '30' })).toThrow(
      /REFRESH_TOKEN_MINUTES/,
    );
  });

  it('reads the service URLs and switches', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/lintel',
      REDIS_URL: 'redis://cache:6379',
      LINTEL_CAPTCHA: 'OFF',
      NODE_ENV: 'production',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@db:5432/lintel',
      redisUrl: 'redis://cache:6379',
      captcha: 'off',
      nodeEnv: 'production',
      port: 8080,
    });
  });
});
