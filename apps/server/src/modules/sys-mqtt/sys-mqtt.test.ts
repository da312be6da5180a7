import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let url: string;
let superAdmin: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ MQTT_BROKER: 'on' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => {
  await t?.close();
});

/** Connects and resolves with the client, or rejects with the broker's refusal. */
function connect(username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

describe('embedded MQTT broker', () => {
  it('says where it is', async () => {
    const response = await t.call('GET', '/api/sysMqtt/broker', superAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ enabled: true, path: '/mqtt' });
    expect(response.json().result.url).toMatch(/^ws:\/\/.+\/mqtt$/);
    expect((await t.call('GET', '/api/sysMqtt/broker', admin)).statusCode).toBe(403);
  });

  it('refuses a client without a valid access token of its account, or without sysMqtt:broker', async () => {
    await expect(connect('superAdmin', 'not-a-token')).rejects.toThrow(
      /Bad username or password|Bad User Name or Password/i,
    );
    await expect(connect('admin', superAdmin)).rejects.toThrow(
      /Bad username or password|Bad User Name or Password/i,
    );
    await expect(connect('admin', admin)).rejects.toThrow(/Not authorized/i);
  });

  it('carries a message from a publisher to a subscriber', async () => {
    const subscriber = await connect('superAdmin', superAdmin);
    const publisher = await connect('superAdmin', superAdmin);
    try {
      await subscriber.subscribeAsync('lintel/test/#', { qos: 1 });
      const received = new Promise<[string, string]>((resolve) =>
        subscriber.once('message', (topic, payload) => resolve([topic, payload.toString()])),
      );
      await publisher.publishAsync('lintel/test/hello', '{"n":1}', { qos: 1 });
      expect(await received).toEqual(['lintel/test/hello', '{"n":1}']);
    } finally {
      subscriber.end(true);
      publisher.end(true);
    }
  });

  it('leaves the Socket.IO hub its own upgrades', async () => {
    const { io } = await import('socket.io-client');
    const socket = io(url.replace('ws:', 'http:').replace('/mqtt', ''), {
      path: '/hubs/onlineUser',
      transports: ['websocket'],
      auth: { token: superAdmin },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    } finally {
      socket.close();
    }
  });
});
