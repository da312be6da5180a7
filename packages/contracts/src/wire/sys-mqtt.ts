import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** MQTT tool (sysMqtt): what the page learns about the embedded broker. */

export const MqttBrokerOutput = Type.Object({
  /** Whether the embedded broker runs in this server (MQTT_BROKER=on). */
  enabled: Type.Boolean(),
  /** Its WebSocket address as this request reached the server (ws(s)://host/mqtt); null when off. */
  url: Nullable(Type.String()),
  path: Type.String(),
});
export type MqttBrokerInfo = Static<typeof MqttBrokerOutput>;
