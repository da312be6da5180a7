import {
  ACCOUNT_NAME_MAX_LENGTH,
  PHONE_PATTERN,
  TenantType,
  type TenantInput,
  type TenantRow,
} from '@lintel/contracts';
import { Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNameRule } from '../../../shared/account/account-name-rule';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type TenantFormMode = { kind: 'add' } | { kind: 'edit'; row: TenantRow };

interface Props {
  mode: TenantFormMode | null;
  onSubmit(values: TenantInput, mode: TenantFormMode): Promise<void>;
  onClose(): void;
}

const HOST_PATTERN =
  /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?$/;

/**
 * Add or edit a tenant: name, administrator account and phone (required), contact, host, isolation
 * type, self-registration and the sign-in page texts. Only the shared database type can be chosen
 * for now; the database-of-its-own type is shown disabled with the reason.
 */
export function TenantFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TenantInput>();

  const values = useMemo(
    (): Partial<TenantInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { tenantType: TenantType.Id, enableReg: false, orderNo: 100, status: 1 }
          : {
              name: mode.row.name,
              adminAccount: mode.row.adminAccount ?? '',
              phone: mode.row.phone ?? '',
              email: mode.row.email ?? '',
              host: mode.row.host ?? '',
              tenantType: mode.row.tenantType as TenantType,
              enableReg: mode.row.enableReg,
              title: mode.row.title,
              viceTitle: mode.row.viceTitle,
              viceDesc: mode.row.viceDesc,
              watermark: mode.row.watermark,
              copyright: mode.row.copyright,
              icp: mode.row.icp,
              icpUrl: mode.row.icpUrl ?? '',
              orderNo: mode.row.orderNo,
              status: statusValue(mode.row.status),
              remark: mode.row.remark,
            },
    [mode],
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`tenant.${mode.kind}Title`) : ''}
      form={form}
      width={760}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('tenant.name')}
            rules={[{ required: true, whitespace: true, message: t('tenant.nameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="adminAccount"
            label={t('tenant.adminAccount')}
            rules={[
              { required: true, whitespace: true, message: t('tenant.adminAccountRequired') },
              accountNameRule(t('tenant.adminAccountInvalid')),
            ]}
          >
            <Input maxLength={ACCOUNT_NAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="phone"
            label={t('tenant.phone')}
            rules={[
              { required: true, message: t('tenant.phoneRequired') },
              { pattern: new RegExp(PHONE_PATTERN), message: t('tenant.phoneInvalid') },
            ]}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="email"
            label={t('tenant.email')}
            rules={[{ type: 'email', message: t('tenant.emailInvalid') }]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="host"
            label={t('tenant.host')}
            tooltip={t('tenant.hostHelp')}
            rules={[{ pattern: HOST_PATTERN, message: t('tenant.hostInvalid') }]}
          >
            <Input maxLength={128} placeholder="tenant.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="tenantType" label={t('tenant.tenantType')} extra={t('tenant.ownDbUnavailable')}>
            <Radio.Group
              options={[
                { value: TenantType.Id, label: t('tenant.typeShared') },
                { value: TenantType.Db, label: t('tenant.typeOwnDb'), disabled: true },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="title" label={t('tenant.title')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="viceTitle" label={t('tenant.viceTitle')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="viceDesc" label={t('tenant.viceDesc')}>
            <Input.TextArea maxLength={512} rows={2} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="watermark" label={t('tenant.watermark')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="copyright" label={t('tenant.copyright')}>
            <Input maxLength={256} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="icp" label={t('tenant.icp')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="icpUrl"
            label={t('tenant.icpUrl')}
            rules={[{ type: 'url', message: t('tenant.urlInvalid') }]}
          >
            <Input maxLength={512} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="enableReg" label={t('tenant.enableReg')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="orderNo" label={t('system.common.order')}>
            <InputNumber min={0} max={999999} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="status" label={t('system.common.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('system.common.remark')}>
            <Input.TextArea maxLength={256} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
