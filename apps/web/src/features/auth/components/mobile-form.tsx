import { PHONE_PATTERN } from '@lintel/contracts';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { notifier } from '../../../shared/api/notify';
import type { SysInfo } from '../../../shared/session/types';
import { loginWithPhone, sendSmsCode } from '../auth-api';
import { useSlider } from '../../../shared/slider/use-slider';
import { useSignedIn } from '../use-sign-in';
import { SmsCodeButton } from './sms-code-button';

interface Values {
  phone: string;
  code: string;
}

/** Mobile number and SMS code (SPEC 5 phone format). */
export function MobileForm({ sysInfo }: { sysInfo: SysInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const signedIn = useSignedIn();
  const slider = useSlider(sysInfo);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const describe = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

  const send = async (): Promise<number> => {
    setError(null);
    const { phone } = await form.validateFields(['phone']);
    try {
      const { resendAfter } = await sendSmsCode(phone, sysInfo.tenantId);
      notifier().success(t('login.codeSent'));
      return resendAfter;
    } catch (e) {
      setError(describe(e));
      throw e;
    }
  };

  const submit = async (values: Values) => {
    if (slider.required && !slider.token) {
      setError(t('signin.slider.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      signedIn(
        await loginWithPhone({
          phone: values.phone,
          code: values.code.trim(),
          tenantId: sysInfo.tenantId,
          ...(slider.token ? { sliderToken: slider.token } : {}),
        }),
      );
    } catch (e) {
      setError(describe(e));
      slider.spent();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off" requiredMark={false}>
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: t('login.phoneRequired') },
          { pattern: new RegExp(PHONE_PATTERN), message: t('login.phoneInvalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.phone')}
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('login.smsCodeRequired') }]}
          >
            <Input
              prefix={<MailOutlined />}
              placeholder={t('login.smsCode')}
              maxLength={8}
              inputMode="numeric"
            />
          </Form.Item>
          <SmsCodeButton onSend={send} />
        </Flex>
      </Form.Item>
      {slider.field}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.signIn')}
      </Button>
    </Form>
  );
}
