import type { MessageType, PermissionCode } from '@lintel/contracts';
import { Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { FormModal } from '../../shared/list/form-modal';
import { usePermissions } from '../../shared/permission/permissions';
import { AccountSearchSelect } from './account-search-select';
import { COMPOSE_ROUTES, sendMessage, type ComposeMode } from './compose-api';

interface ComposeValues {
  mode: ComposeMode;
  receiveUserId?: string;
  userIds?: string[];
  title: string;
  messageType: MessageType;
  message: string;
}

const MODES: ComposeMode[] = ['user', 'users', 'all', 'other'];
const TYPES: MessageType[] = ['info', 'success', 'warning', 'error'];
/** The limits of the server's schema (wire/message.ts MessageFields). */
const TITLE_MAX = 128;
const MESSAGE_MAX = 4000;

const permissionOf = (mode: ComposeMode): PermissionCode => `sysMessage:${COMPOSE_ROUTES[mode]}`;

/** The ways of addressing the caller may use: each is its own route and permission. */
export function useComposeModes(): ComposeMode[] {
  const { has } = usePermissions();
  return MODES.filter((mode) => has(permissionOf(mode)));
}

/**
 * Writes a message from the inbox: to one account, several, everyone in the tenant or everyone but
 * the sender (only the ways the caller holds), sent through Admin.NET's sysMessage/send* routes.
 * A refusal is toasted by the API client and keeps the dialog open with what was written.
 */
export function ComposeMessageModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ComposeValues>();
  const modes = useComposeModes();
  const mode = Form.useWatch('mode', form);
  const values = useMemo(
    (): Partial<ComposeValues> | null =>
      open && modes[0] ? { mode: modes[0], messageType: 'info', title: '', message: '' } : null,
    // A new object only when the dialog opens: re-renders keep what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open],
  );

  const submit = async (v: ComposeValues) => {
    const content = { title: v.title.trim(), messageType: v.messageType, message: v.message };
    const result =
      v.mode === 'user'
        ? await sendMessage('user', { receiveUserId: v.receiveUserId!, ...content })
        : v.mode === 'users'
          ? await sendMessage('users', { userIds: v.userIds!, ...content })
          : await sendMessage(v.mode, content);
    notifier().success(
      t('message.compose.sent', { count: result.recipientCount, online: result.onlineCount }),
    );
    onClose();
  };

  return (
    <FormModal<ComposeValues>
      values={values}
      title={t('message.compose.title')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      okText={t('message.compose.send')}
      width={600}
    >
      <Form.Item name="mode" label={t('message.compose.mode')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={modes.map((m) => ({ value: m, label: t(`message.kinds.${m}`) }))}
        />
      </Form.Item>
      {mode === 'user' && (
        <Form.Item
          name="receiveUserId"
          label={t('message.compose.account')}
          rules={[{ required: true, message: t('message.compose.accountRequired') }]}
        >
          <AccountSearchSelect />
        </Form.Item>
      )}
      {mode === 'users' && (
        <Form.Item
          name="userIds"
          label={t('message.compose.accounts')}
          rules={[{ required: true, type: 'array', min: 1, message: t('message.compose.accountsRequired') }]}
        >
          <AccountSearchSelect multiple />
        </Form.Item>
      )}
      <Form.Item
        name="messageType"
        label={t('message.messageType')}
        rules={[{ required: true, message: t('message.compose.typeRequired') }]}
      >
        <Radio.Group options={TYPES.map((type) => ({ value: type, label: t(`message.types.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('message.title')}
        rules={[{ required: true, whitespace: true, message: t('message.compose.titleRequired') }]}
      >
        <Input maxLength={TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('message.message')}
        rules={[{ required: true, whitespace: true, message: t('message.compose.messageRequired') }]}
      >
        <Input.TextArea maxLength={MESSAGE_MAX} rows={5} showCount />
      </Form.Item>
    </FormModal>
  );
}
