import type { UserRow } from '@lintel/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordRules } from '../../../shared/account/password-rules';

interface Props {
  user: UserRow | null;
  /** Resets and answers the new password (the given one, or the tenant default when empty). */
  onReset(user: UserRow, password: string | undefined): Promise<string>;
  onClose(): void;
}

/**
 * Reset an account's password: the administrator may type one or leave it empty for the tenant's
 * default; the new password is shown once, with a copy button, so it can be handed over.
 */
export function ResetPasswordModal({ user, onReset, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password?: string }>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const close = () => {
    setResult(null);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    if (!user) return;
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    const { password } = checked;
    setBusy(true);
    try {
      setResult(await onReset(user, password || undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={user ? t('user.resetTitle', { account: user.account }) : ''}
      onCancel={close}
      onOk={result ? close : submit}
      okText={result ? t('user.done') : t('user.reset')}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('system.common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      {result ? (
        <div data-testid="new-password">
          <Typography.Paragraph>{t('user.resetDone')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: result }} code style={{ fontSize: 18 }}>
            {result}
          </Typography.Paragraph>
        </div>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item
            name="password"
            label={t('user.field.password')}
            extra={t('user.passwordDefaultHint')}
            rules={newPasswordRules(t).slice(1)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
