import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import type { SysInfo } from '../../../shared/session/types';
import { loginWithAccount } from '../auth-api';
import { encryptPassword, preloadEncryption } from '../../../shared/session/encrypt-password';
import { useSlider } from '../../../shared/slider/use-slider';
import { useSignedIn } from '../use-sign-in';
import { CaptchaImage, captchaKey, useCaptcha } from './captcha-image';

interface Values {
  account: string;
  password: string;
  code?: string;
}

interface Props {
  sysInfo: SysInfo;
}

/** User name or e-mail and password, plus the image captcha when the tenant asks for it. */
export function AccountForm({ sysInfo }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const captcha = useCaptcha(sysInfo.captcha);
  const slider = useSlider(sysInfo);
  const signedIn = useSignedIn();
  const [capsLock, setCapsLock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const watchCapsLock = (e: KeyboardEvent) => setCapsLock(e.getModifierState('CapsLock'));

  const submit = async (values: Values) => {
    if (slider.required && !slider.token) {
      setError(t('signin.slider.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const tokens = await loginWithAccount({
        account: values.account.trim(),
        password: await encryptPassword(values.password, sysInfo.publicKey),
        tenantId: sysInfo.tenantId,
        ...(sysInfo.captcha ? { codeId: captcha.data?.id, code: values.code?.trim() } : {}),
        ...(slider.token ? { sliderToken: slider.token } : {}),
      });
      signedIn(tokens);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      slider.spent();
      // A captcha answers one attempt only; the next try needs a fresh image.
      if (sysInfo.captcha) {
        form.setFieldValue('code', '');
        void queryClient.invalidateQueries({ queryKey: captchaKey });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off" requiredMark={false}>
      <Form.Item
        name="account"
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
        extra={capsLock ? <span role="alert">{t('login.capsLock')}</span> : undefined}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          onFocus={preloadEncryption}
          onKeyDown={watchCapsLock}
          onKeyUp={watchCapsLock}
        />
      </Form.Item>
      {sysInfo.captcha && (
        <Form.Item>
          <Flex gap={8}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
            >
              <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} maxLength={8} />
            </Form.Item>
            <CaptchaImage enabled />
          </Flex>
        </Form.Item>
      )}
      {slider.field}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.signIn')}
      </Button>
    </Form>
  );
}
