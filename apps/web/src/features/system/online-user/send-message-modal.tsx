import type { MessageType, OnlineUserRow } from '@lintel/contracts';
import { Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';

export interface MessageValues {
  title: string;
  message: string;
  messageType: MessageType;
}

const TYPES: MessageType[] = ['info', 'success', 'warning', 'error'];

/** Writes a message to an online account; its open pages show it as a notification. */
export function SendMessageModal({
  to,
  onSubmit,
  onClose,
}: {
  to: OnlineUserRow | null;
  onSubmit(values: MessageValues, to: OnlineUserRow): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MessageValues>();
  const values = useMemo(
    (): Partial<MessageValues> | null => (to ? { title: '', message: '', messageType: 'info' } : null),
    [to],
  );
  return (
    <FormModal
      values={values}
      title={to ? t('online.sendTitle', { name: to.realName || to.account }) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, to!)}
      onClose={onClose}
      okText={t('online.send')}
    >
      <Form.Item
        name="messageType"
        label={t('online.messageType')}
        rules={[{ required: true, message: t('online.messageTypeRequired') }]}
      >
        <Radio.Group options={TYPES.map((type) => ({ value: type, label: t(`online.type.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('online.messageTitle')}
        rules={[{ required: true, whitespace: true, message: t('online.messageTitleRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('online.messageText')}
        rules={[{ required: true, whitespace: true, message: t('online.messageTextRequired') }]}
      >
        <Input.TextArea maxLength={1024} rows={4} showCount />
      </Form.Item>
    </FormModal>
  );
}
