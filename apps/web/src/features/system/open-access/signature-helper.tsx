import type { GenerateSignatureInput, GenerateSignatureResult } from '@lintel/contracts';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateSignature } from './open-access-api';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((value) => ({ value, label: value }));
const nowSeconds = () => Math.floor(Date.now() / 1000);
const randomNonce = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A shell-safe single-quoted word. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl line of a signed request to this server. */
export function curlLine(
  input: GenerateSignatureInput,
  sign: string,
  origin = window.location.origin,
): string {
  const method = input.method.toUpperCase();
  const path = input.url.startsWith('/') ? input.url : `/${input.url}`;
  const headers = [
    `accessKey: ${input.accessKey}`,
    `timestamp: ${input.timestamp}`,
    `nonce: ${input.nonce}`,
    `sign: ${sign}`,
  ];
  return [
    `curl -X ${method} ${quoted(origin + path)}`,
    ...headers.map((h) => `  -H ${quoted(h)}`),
    ...(method === 'GET' ? [] : [`  -H 'content-type: application/json' -d '{}'`]),
  ].join(' \\\n');
}

/**
 * The signature helper: what a client sends for a method, path, timestamp and nonce. With no secret
 * typed in, the server signs with the saved key's own secret (if the caller may act as its account).
 */
export function SignatureHelper({ accessKey }: { accessKey?: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateSignatureInput>();
  const [result, setResult] = useState<{
    input: GenerateSignatureInput;
    out: GenerateSignatureResult;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (accessKey) form.setFieldValue('accessKey', accessKey);
  }, [accessKey, form]);

  const sign = async (values: GenerateSignatureInput) => {
    setBusy(true);
    try {
      const input = { ...values, accessSecret: values.accessSecret || undefined };
      setResult({ input, out: await generateSignature(input) });
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('openAccess.helperTitle')} data-testid="signature-helper">
      <Typography.Paragraph type="secondary">{t('openAccess.helperIntro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          method: 'GET',
          url: '/api/sysAuth/userInfo',
          timestamp: nowSeconds(),
          nonce: randomNonce(),
        }}
        onFinish={(values) => void sign(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="accessKey"
              label={t('openAccess.accessKey')}
              rules={[{ required: true, message: t('openAccess.accessKeyRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="accessSecret"
              label={t('openAccess.accessSecret')}
              extra={t('openAccess.secretOptional')}
            >
              <Input.Password maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="method" label={t('openAccess.method')}>
              <Select options={METHODS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={18}>
            <Form.Item
              name="url"
              label={t('openAccess.path')}
              rules={[{ required: true, message: t('openAccess.pathRequired') }]}
            >
              <Input maxLength={512} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('openAccess.timestamp')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="timestamp" noStyle rules={[{ required: true }]}>
                  <InputNumber min={0} style={{ width: '100%' }} aria-label={t('openAccess.timestamp')} />
                </Form.Item>
                <Button onClick={() => form.setFieldValue('timestamp', nowSeconds())}>
                  {t('openAccess.now')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('openAccess.nonce')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="nonce" noStyle rules={[{ required: true }]}>
                  <Input maxLength={64} aria-label={t('openAccess.nonce')} />
                </Form.Item>
                <Button onClick={() => form.setFieldValue('nonce', randomNonce())}>
                  {t('openAccess.random')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('openAccess.generate')}
        </Button>
      </Form>
      {result && (
        <Descriptions
          column={1}
          bordered
          size="small"
          style={{ marginTop: 16 }}
          data-testid="signature-result"
        >
          <Descriptions.Item label={t('openAccess.stringToSign')}>
            <Typography.Text code copyable>
              {result.out.stringToSign}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="sign">
            <Typography.Text code copyable data-testid="signature-sign">
              {result.out.sign}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="curl">
            <Typography.Paragraph
              copyable={{ text: curlLine(result.input, result.out.sign) }}
              style={{ marginBottom: 0 }}
            >
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {curlLine(result.input, result.out.sign)}
              </pre>
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
