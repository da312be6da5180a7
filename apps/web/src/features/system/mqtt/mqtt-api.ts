import type { MqttBrokerInfo } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const mqttKeys = { broker: ['sysMqtt', 'broker'] as const };

/** Whether the embedded broker runs and its WebSocket address (sysMqtt:broker). */
export const brokerInfo = () => request<MqttBrokerInfo>('/api/sysMqtt/broker');
