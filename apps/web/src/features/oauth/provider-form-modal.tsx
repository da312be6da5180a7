import {
  isWechatProtocol,
  OAUTH_CALLBACK_PATH,
  OAUTH_CLIENT_AUTH_METHODS,
  OAUTH_PROTOCOLS,
  WECHAT_DEFAULTS,
  WECHAT_SCOPES,
  type OAuthProtocol,
  type OAuthProviderInput,
  type OAuthProviderOutput,
} from '@lintel/contracts';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { PROVIDER_ICONS } from '../../shared/oauth/provider-icon';

interface Values extends Omit<OAuthProviderInput, 'status'> {
  enabled: boolean;
}

const CODE_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** Well-formed absolute http(s) addresses only, as the server checks. */
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const ICON_OPTIONS = Object.keys(PROVIDER_ICONS).map((name) => ({ value: name, label: name }));

/**
 * What switching the protocol puts in the form: WeChat's own addresses and scope (the admin may
 * still point them elsewhere), or empty addresses and the OpenID Connect defaults.
 */
function protocolDefaults(protocol: OAuthProtocol, icon?: string): Partial<Values> {
  if (protocol === 'oauth2')
    return { authorizeUrl: '', tokenUrl: '', userinfoUrl: '', scope: 'openid profile', subjectClaim: 'sub' };
  return { ...WECHAT_DEFAULTS[protocol], icon: icon || 'WechatOutlined' };
}

/** Add or edit a provider. The secret is write-only: editing shows whether one is stored. */
export function ProviderFormModal({
  open,
  editing,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  editing: OAuthProviderOutput | null;
  onCancel: () => void;
  onSubmit: (values: OAuthProviderInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const protocol: OAuthProtocol = Form.useWatch('protocol', form) ?? 'oauth2';
  const wechat = isWechatProtocol(protocol);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        ...editing,
        icon: editing.icon ?? undefined,
        remark: editing.remark ?? undefined,
        clientSecret: '',
        enabled: editing.status === 1,
      });
    }
  }, [open, editing, form]);

  const required = { required: true, whitespace: true, message: t('oauth.admin.required') };
  const url = {
    validator: (_: unknown, value?: string) =>
      !value || isHttpUrl(value) ? Promise.resolve() : Promise.reject(new Error(t('oauth.admin.urlInvalid'))),
  };

  const submit = async () => {
    let checked: Values;
    try {
      checked = await form.validateFields();
    } catch {
      return; // the form shows what to fix next to each field
    }
    const { enabled, ...values } = checked;
    setSaving(true);
    try {
      await onSubmit({ ...values, status: enabled ? 1 : 2 });
    } catch (error) {
      // The API client already showed the server's message; keep the dialog open to fix the input.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('oauth.admin.editTitle') : t('oauth.admin.addTitle')}
      okText={t('oauth.admin.save')}
      cancelText={t('oauth.admin.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      width={720}
      destroyOnHidden
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.protocol)
            form.setFieldsValue(protocolDefaults(changed.protocol, form.getFieldValue('icon')));
        }}
        initialValues={{
          protocol: 'oauth2',
          enabled: true,
          orderNo: 100,
          subjectClaim: 'sub',
          clientAuthMethod: 'client_secret_post',
          scope: 'openid profile',
        }}
      >
        {/* Providers only send the browser back to an address registered with them (WeChat: a domain). */}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={wechat ? t('oauth.admin.callbackDomain') : t('oauth.admin.callbackUrl')}
          description={
            <Typography.Text copyable code>
              {wechat ? window.location.host : `${window.location.origin}${OAUTH_CALLBACK_PATH}`}
            </Typography.Text>
          }
        />
        {editing && (
          // Saving new endpoints or a new client unlinks accounts (server rule): say so before it happens.
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('oauth.admin.identityWarning')}
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('oauth.admin.name')} rules={[required, { max: 64 }]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t('oauth.admin.code')}
              rules={[required, { pattern: CODE_PATTERN, message: t('oauth.admin.codeInvalid') }]}
            >
              <Input maxLength={32} placeholder="github" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="protocol" label={t('oauth.admin.protocol')}>
              <Select
                options={OAUTH_PROTOCOLS.map((value) => ({
                  value,
                  label: t(`oauth.admin.protocol_${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={t('oauth.admin.icon')}>
              <Select allowClear showSearch options={ICON_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="orderNo" label={t('oauth.admin.order')}>
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('oauth.admin.status')} valuePropName="checked">
              <Switch
                checkedChildren={t('oauth.admin.enabled')}
                unCheckedChildren={t('oauth.admin.disabled')}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="authorizeUrl" label={t('oauth.admin.authorizeUrl')} rules={[required, url]}>
              <Input maxLength={512} placeholder="https://github.com/login/oauth/authorize" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="tokenUrl" label={t('oauth.admin.tokenUrl')} rules={[required, url]}>
              <Input maxLength={512} placeholder="https://github.com/login/oauth/access_token" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="userinfoUrl" label={t('oauth.admin.userinfoUrl')} rules={[required, url]}>
              <Input maxLength={512} placeholder="https://api.github.com/user" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="clientId"
              label={wechat ? t('oauth.admin.appId') : t('oauth.admin.clientId')}
              rules={[required]}
            >
              <Input maxLength={256} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="clientSecret"
              label={wechat ? t('oauth.admin.appSecret') : t('oauth.admin.clientSecret')}
              extra={editing?.clientSecretSet ? t('oauth.admin.secretKeep') : undefined}
              // WeChat has no public clients: its code exchange always takes the AppSecret.
              rules={wechat && !editing?.clientSecretSet ? [required] : []}
            >
              <Input.Password maxLength={512} autoComplete="new-password" />
            </Form.Item>
          </Col>
          {wechat ? (
            <Col xs={24} md={12}>
              {/* The identity is WeChat's unionid (else openid): no subject field or client authentication. */}
              <Form.Item name="scope" label={t('oauth.admin.scope')}>
                <Select
                  options={WECHAT_SCOPES[protocol as Exclude<OAuthProtocol, 'oauth2'>].map((value) => ({
                    value,
                    label: value,
                  }))}
                />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="clientAuthMethod" label={t('oauth.admin.authMethod')}>
                  <Select options={OAUTH_CLIENT_AUTH_METHODS.map((m) => ({ value: m, label: m }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="scope" label={t('oauth.admin.scope')}>
                  <Input maxLength={256} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="subjectClaim"
                  label={t('oauth.admin.subjectClaim')}
                  tooltip={t('oauth.admin.subjectHint')}
                  rules={[required]}
                >
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="remark" label={t('oauth.admin.remark')}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
