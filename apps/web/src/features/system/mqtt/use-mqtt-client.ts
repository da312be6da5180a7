import type { IClientOptions, MqttClient, connect as Connect } from 'mqtt';
import { useCallback, useEffect, useRef, useState } from 'react';

export type QoS = 0 | 1 | 2;
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

export interface LogEntry {
  id: number;
  time: string;
  direction: 'in' | 'out';
  topic: string;
  qos: QoS;
  retain: boolean;
  payload: string;
}

export interface ConnectSettings {
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  keepalive: number;
  clean: boolean;
}

const LOG_MAX = 500;
const clock = () => new Date().toTimeString().slice(0, 8);

/**
 * One MQTT connection over WebSocket for the page: the `mqtt` browser client is loaded on first
 * connect (its own chunk), the connection state and a bounded message log are React state, and the
 * connection ends with the page.
 */
export function useMqttClient() {
  const client = useRef<MqttClient | null>(null);
  const nextId = useRef(1);
  const [state, setState] = useState<ConnectionState>('disconnected');
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [subscriptions, setSubscriptions] = useState<{ topic: string; qos: QoS }[]>([]);

  const append = useCallback((entry: Omit<LogEntry, 'id' | 'time'>) => {
    const id = nextId.current++;
    setLog((old) => [{ ...entry, id, time: clock() }, ...old].slice(0, LOG_MAX));
  }, []);

  const disconnect = useCallback(() => {
    client.current?.end(true);
    client.current = null;
    setSubscriptions([]);
    setState('disconnected');
  }, []);

  const connect = useCallback(
    async (settings: ConnectSettings) => {
      client.current?.end(true);
      setError(null);
      setState('connecting');
      // The browser build (dist/mqtt.esm.js) exports one default object, not named functions.
      const loaded = (await import('mqtt')) as unknown as {
        connect?: typeof Connect;
        default?: { connect?: typeof Connect };
      };
      const open = loaded.connect ?? loaded.default?.connect;
      if (!open) {
        setError('mqtt client failed to load');
        setState('error');
        return;
      }
      const options: IClientOptions = {
        clientId: settings.clientId,
        username: settings.username || undefined,
        password: settings.password || undefined,
        keepalive: settings.keepalive,
        clean: settings.clean,
        // A refused connection is shown, not retried forever.
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      };
      const mqtt = open(settings.url, options);
      client.current = mqtt;
      mqtt.on('connect', () => setState('connected'));
      mqtt.on('reconnect', () => setState('reconnecting'));
      mqtt.on('close', () => setState((s) => (s === 'error' ? s : 'disconnected')));
      mqtt.on('error', (e) => {
        setError(e.message);
        setState('error');
        mqtt.end(true);
      });
      mqtt.on('message', (topic, payload, packet) =>
        append({
          direction: 'in',
          topic,
          qos: packet.qos,
          retain: packet.retain,
          payload: payload.toString(),
        }),
      );
    },
    [append],
  );

  const subscribe = useCallback((topic: string, qos: QoS) => {
    client.current?.subscribe(topic, { qos }, (e) => {
      if (e) setError(e.message);
      else setSubscriptions((old) => [...old.filter((s) => s.topic !== topic), { topic, qos }]);
    });
  }, []);

  const unsubscribe = useCallback((topic: string) => {
    client.current?.unsubscribe(topic, undefined, () =>
      setSubscriptions((old) => old.filter((s) => s.topic !== topic)),
    );
  }, []);

  const publish = useCallback(
    (topic: string, payload: string, qos: QoS, retain: boolean) => {
      client.current?.publish(topic, payload, { qos, retain }, (e) => {
        if (e) setError(e.message);
        else append({ direction: 'out', topic, qos, retain, payload });
      });
    },
    [append],
  );

  useEffect(() => () => void client.current?.end(true), []);

  return {
    state,
    error,
    log,
    subscriptions,
    connect,
    disconnect,
    subscribe,
    unsubscribe,
    publish,
    clearLog: () => setLog([]),
  };
}
