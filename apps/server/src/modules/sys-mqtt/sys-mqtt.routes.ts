import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MqttBrokerOutput, NoQuery } from '@lintel/contracts/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { MQTT_PATH, attachEmbeddedBroker } from '../../platform/mqtt/embedded-broker.js';

const tags = ['sysMqtt'];

/** The broker's WebSocket address: the public origin when configured, else the one the request used. */
function brokerUrl(ctx: AppContext, request: FastifyRequest): string {
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const url = new URL(MQTT_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** MQTT tool (develop → MQTT): starts the embedded broker when MQTT_BROKER=on and says where it is. */
export const sysMqttRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const enabled = ctx.config.mqttBroker;
    if (enabled) await attachEmbeddedBroker(app as unknown as FastifyInstance, ctx);

    app.get(
      '/broker',
      {
        config: { permission: 'sysMqtt:broker' },
        schema: {
          tags,
          summary: 'Whether the embedded MQTT broker runs (MQTT_BROKER=on) and its WebSocket address',
          querystring: NoQuery,
          response: { 200: Wrapped(MqttBrokerOutput) },
        },
      },
      async (request) => ok({ enabled, url: enabled ? brokerUrl(ctx, request) : null, path: MQTT_PATH }),
    );
  };
