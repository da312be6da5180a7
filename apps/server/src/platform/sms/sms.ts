import type { FastifyBaseLogger } from 'fastify';

/**
 * Sends text messages. Real gateways (Aliyun, Tencent Cloud, Twilio...) implement this interface
 * with their own HTTP APIs; the embedded default writes the message to the server log, which is
 * honest for a machine without a gateway: nothing claims a message was delivered.
 */
export interface SmsProvider {
  readonly name: string;
  sendVerificationCode(phone: string, code: string, ttlSeconds: number): Promise<void>;
}

export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async sendVerificationCode(phone, code, ttlSeconds) {
      log.warn(
        { phone, code, ttlSeconds },
        `SMS not sent (no gateway configured): verification code for ${phone} is ${code}`,
      );
    },
  };
}
