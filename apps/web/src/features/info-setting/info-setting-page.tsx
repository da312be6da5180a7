import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ANIMATIONS, LAYOUTS, UPLOAD_MAX_BYTES, type SaveSysInfoInput } from '@lintel/contracts';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { Auth, usePermissions } from '../../shared/permission/permissions';
import { fetchSysInfo, sessionKeys } from '../../shared/session/session-api';
import { useUserInfo } from '../../shared/session/use-session';
import { uploadFile } from '../../shared/account/personal-api';
import { ColorInput } from './color-input';
import { DemoMenusSwitch } from './demo-menus-switch';
import { saveSysInfo } from './info-setting-api';

type Values = Required<Omit<SaveSysInfoInput, 'tenantId'>>;
const SAVE = 'sysTenant:saveSysInfo';
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The tenant's system information (SPEC 3): branding, footer, theme and session settings. */
export default function InfoSettingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tenantId = useUserInfo().data?.tenantId ?? '';
  const mayEdit = usePermissions().has(SAVE);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const logo = Form.useWatch('logo', form);
  const info = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    enabled: !!tenantId,
  });

  if (info.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (info.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('personal.infoSetting.loadFailed')}
        action={<Button onClick={() => void info.refetch()}>{t('personal.infoSetting.retry')}</Button>}
      />
    );

  // sysInfo carries every setting; its client type names only those the shell reads.
  const initial = info.data as unknown as Values;

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await saveSysInfo({ ...values, themeColor: values.themeColor.toLowerCase() });
      notifier().success(t('personal.infoSetting.saved'));
      await queryClient.invalidateQueries({ queryKey: sessionKeys.sysInfo(tenantId) });
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const uploadLogo = async (file: File) => {
    if (!LOGO_TYPES.includes(file.type)) return notifier().error(t('personal.infoSetting.logoType'));
    if (file.size > UPLOAD_MAX_BYTES) return notifier().error(t('personal.infoSetting.logoTooLarge'));
    setUploading(true);
    try {
      const { url } = await uploadFile('uploadLogo', file, file.name);
      form.setFieldValue('logo', url);
    } catch {
      // Shown by the API client.
    } finally {
      setUploading(false);
    }
  };

  const text = (name: keyof Values, max: number, rules: object[] = []) => (
    <Form.Item name={name} label={t(`personal.infoSetting.field.${name}`)} rules={[{ max }, ...rules]}>
      <Input allowClear disabled={!mayEdit} />
    </Form.Item>
  );
  const toggle = (name: keyof Values) => (
    <Col xs={12} md={8} key={name}>
      <Form.Item name={name} label={t(`personal.infoSetting.field.${name}`)} valuePropName="checked">
        <Switch disabled={!mayEdit} />
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('personal.infoSetting.title')} data-testid="info-setting">
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} disabled={!mayEdit}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label={t('personal.infoSetting.field.logo')}>
              <Flex align="center" gap={12}>
                <Avatar
                  shape="square"
                  size={64}
                  src={logo || '/upload/logo.png'}
                  alt={t('personal.infoSetting.field.logo')}
                  data-testid="logo-preview"
                />
                <Auth value={SAVE}>
                  <Upload
                    accept={LOGO_TYPES.join(',')}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void uploadLogo(file);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={uploading}>
                      {t('personal.infoSetting.uploadLogo')}
                    </Button>
                  </Upload>
                </Auth>
              </Flex>
            </Form.Item>
            <Form.Item name="logo" hidden>
              <Input />
            </Form.Item>
            {text('title', 64, [
              { required: true, whitespace: true, message: t('personal.infoSetting.titleRequired') },
            ])}
            {text('viceTitle', 128)}
            <Form.Item
              name="viceDesc"
              label={t('personal.infoSetting.field.viceDesc')}
              rules={[{ max: 512 }]}
            >
              <Input.TextArea rows={3} showCount maxLength={512} />
            </Form.Item>
            {text('watermark', 128)}
            {text('copyright', 256)}
            {text('icp', 128)}
            {text('icpUrl', 512, [{ type: 'url', message: t('personal.infoSetting.urlInvalid') }])}
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="themeColor"
              label={t('personal.infoSetting.field.themeColor')}
              rules={[
                {
                  required: true,
                  pattern: /^#[0-9a-fA-F]{6}$/,
                  message: t('personal.infoSetting.colorInvalid'),
                },
              ]}
            >
              <ColorInput style={{ maxWidth: 200 }} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="layout" label={t('personal.infoSetting.field.layout')}>
                  <Select
                    options={LAYOUTS.map((l) => ({ value: l, label: t(`personal.infoSetting.layout.${l}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="animation" label={t('personal.infoSetting.field.animation')}>
                  <Select options={ANIMATIONS.map((a) => ({ value: a, label: a }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="idleTimeout"
                  label={t('personal.infoSetting.field.idleTimeout')}
                  extra={t('personal.infoSetting.idleTimeoutHint')}
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: 0,
                      message: t('personal.infoSetting.idleTimeoutInvalid'),
                    },
                  ]}
                >
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="passwordExpirationTime"
                  label={t('personal.infoSetting.field.passwordExpirationTime')}
                  extra={t('personal.infoSetting.passwordExpirationHint')}
                  rules={[{ required: true, type: 'integer', min: 0, max: 3650 }]}
                >
                  <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              {(['captcha', 'secondVer', 'forceChangePassword', 'i18NSwitch', 'onlineNotice'] as const).map(
                toggle,
              )}
            </Row>
          </Col>
        </Row>
        <Auth value={SAVE}>
          <DemoMenusSwitch />
        </Auth>
        <Auth value={SAVE}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="save-sys-info">
            {t('personal.infoSetting.save')}
          </Button>
        </Auth>
      </Form>
    </Card>
  );
}
