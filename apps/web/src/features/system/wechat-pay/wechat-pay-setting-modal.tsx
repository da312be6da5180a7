import type { WechatPaySetting, WechatPaySettingInput } from '@lintel/contracts';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';

interface Props {
  setting: WechatPaySetting | null;
  open: boolean;
  onSubmit(values: WechatPaySettingInput): Promise<void>;
  onClose(): void;
}

/**
 * The tenant's merchant settings. The private key and the APIv3 key are never shown again: left
 * empty, the saved ones stay. The WeChat Pay public key (and its id) is optional: without it the
 * platform certificates are downloaded and used.
 */
export function WechatPaySettingModal({ setting, open, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WechatPaySettingInput>();
  const values = useMemo((): Partial<WechatPaySettingInput> | null => {
    if (!open) return null;
    return {
      appId: setting?.appId ?? '',
      merchantId: setting?.merchantId ?? '',
      merchantCertificateSerialNumber: setting?.merchantCertificateSerialNumber ?? '',
      merchantCertificatePrivateKey: '',
      merchantV3Secret: '',
      platformPublicKeyId: setting?.platformPublicKeyId ?? '',
      platformPublicKey: setting?.platformPublicKey ?? '',
      subAppId: setting?.subAppId ?? '',
      subMerchantId: setting?.subMerchantId ?? '',
      apiBase: setting?.apiBase ?? 'https://api.mch.weixin.qq.com',
    };
  }, [open, setting]);
  const required = (saved: boolean | undefined) =>
    saved ? [] : [{ required: true, message: t('wechatPay.required') }];
  const keptHint = (saved: boolean | undefined) => (saved ? t('wechatPay.keepSaved') : undefined);

  return (
    <FormModal
      values={values}
      title={t('wechatPay.settingTitle')}
      form={form}
      width={760}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="appId" label={t('wechatPay.appId')} rules={required(false)}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="merchantId"
            label={t('wechatPay.merchantId')}
            rules={[...required(false), { pattern: /^\d+$/, message: t('wechatPay.digits') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="merchantCertificateSerialNumber"
            label={t('wechatPay.serialNo')}
            rules={[...required(false), { pattern: /^[A-Fa-f0-9]+$/, message: t('wechatPay.hex') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="merchantV3Secret"
            label={t('wechatPay.v3Secret')}
            extra={keptHint(setting?.hasV3Secret)}
            rules={[...required(setting?.hasV3Secret), { len: 32, message: t('wechatPay.v3SecretLength') }]}
          >
            <Input.Password maxLength={32} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="merchantCertificatePrivateKey"
            label={t('wechatPay.privateKey')}
            extra={keptHint(setting?.hasPrivateKey) ?? t('wechatPay.privateKeyHint')}
            rules={required(setting?.hasPrivateKey)}
          >
            <Input.TextArea rows={3} maxLength={8192} placeholder="-----BEGIN PRIVATE KEY-----" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="platformPublicKeyId" label={t('wechatPay.publicKeyId')}>
            <Input maxLength={64} placeholder="PUB_KEY_ID_..." />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="apiBase"
            label={t('wechatPay.apiBase')}
            rules={[{ type: 'url', message: t('wechatPay.url') }]}
          >
            <Input maxLength={256} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="platformPublicKey"
            label={t('wechatPay.publicKey')}
            extra={t('wechatPay.publicKeyHint')}
          >
            <Input.TextArea rows={2} maxLength={4096} placeholder="-----BEGIN PUBLIC KEY-----" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="subMerchantId"
            label={t('wechatPay.subMerchantId')}
            extra={t('wechatPay.partnerHint')}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="subAppId" label={t('wechatPay.subAppId')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
