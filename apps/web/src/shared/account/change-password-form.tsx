import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/api-error';
import { notifier } from '../api/notify';
import { fetchSysInfo, sessionKeys } from '../session/session-api';
import { clearSessionStorage } from '../storage';
import { encryptPassword } from '../session/encrypt-password';
import { confirmPasswordRules, newPasswordRules } from './password-rules';
import { changePassword } from './personal-api';

interface Values {
  passwordOld: string;
  passwordNew: string;
  passwordConfirm: string;
}

/**
 * Changes the own password: both passwords SM2-encrypted with the tenant's public key like the
 * sign-in form, the policy checked here and again by the server. The server ends every session,
 * so on success the user is told to sign in again and is taken to the sign-in page
 * (`signInAgainAt`: with the address to continue to afterwards, after a required change).
 */
export function ChangePasswordForm({
  tenantId,
  signInAgainAt = '/login',
}: {
  tenantId: string;
  signInAgainAt?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sysInfo = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
  });

  const submit = async (values: Values) => {
    setFailure(undefined);
    setSaving(true);
    try {
      const key = sysInfo.data?.publicKey ?? (await sysInfo.refetch()).data?.publicKey;
      if (!key) throw new Error(t('personal.loadFailed'));
      await changePassword({
        passwordOld: await encryptPassword(values.passwordOld, key),
        passwordNew: await encryptPassword(values.passwordNew, key),
      });
      notifier().success(t('personal.password.changed'));
      clearSessionStorage();
      await navigate(signInAgainAt, { replace: true });
      queryClient.clear();
    } catch (error) {
      setFailure(error instanceof ApiError || error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 420 }}
      data-testid="change-password"
    >
      <Alert type="info" showIcon title={t('personal.password.hint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="passwordOld"
        label={t('personal.password.old')}
        rules={[{ required: true, message: t('personal.password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="passwordNew"
        label={t('personal.password.new')}
        rules={newPasswordRules(t)}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        label={t('personal.password.confirm')}
        dependencies={['passwordNew']}
        rules={confirmPasswordRules(t)}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.password.submit')}
      </Button>
    </Form>
  );
}
