import type { LdapInput, LdapRow } from '@lintel/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';

export type LdapFormMode = { kind: 'add' } | { kind: 'edit'; row: LdapRow };

const TLS = ['none', 'ldaps', 'starttls'] as const;
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]*$/;

interface Props {
  mode: LdapFormMode | null;
  onSubmit(values: LdapInput, mode: LdapFormMode): Promise<void>;
  onClose(): void;
}

/**
 * Add or edit the tenant's directory setting. The bind password is never shown again: left empty
 * on edit, the saved one stays. Defaults are Active Directory's (sAMAccountName, objectGUID).
 */
export function LdapFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LdapInput>();
  const editing = mode?.kind === 'edit';
  const values = useMemo((): Partial<LdapInput> | null => {
    if (!mode) return null;
    if (mode.kind === 'add')
      return {
        port: 389,
        tls: 'none',
        authFilter: '(sAMAccountName=%s)',
        bindAttrAccount: 'sAMAccountName',
        bindAttrEmployeeId: 'EmployeeId',
        bindAttrCode: 'objectGUID',
        bindAttrName: 'cn',
        status: 1,
      };
    const { row } = mode;
    return {
      host: row.host,
      port: row.port,
      tls: row.tls,
      caCert: row.caCert ?? '',
      baseDn: row.baseDn,
      bindDn: row.bindDn,
      bindPass: '',
      authFilter: row.authFilter,
      bindAttrAccount: row.bindAttrAccount,
      bindAttrEmployeeId: row.bindAttrEmployeeId,
      bindAttrCode: row.bindAttrCode,
      bindAttrName: row.bindAttrName,
      status: statusValue(row.status),
      remark: row.remark,
    };
  }, [mode]);
  const attribute = (name: keyof LdapInput, label: string) => (
    <Col span={12}>
      <Form.Item
        name={name}
        label={label}
        rules={[
          { required: true, message: t('ldap.attributeRequired') },
          { pattern: ATTRIBUTE, message: t('ldap.attributePattern') },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
    </Col>
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`ldap.${mode.kind}Title`) : ''}
      form={form}
      width={720}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="host"
            label={t('ldap.host')}
            rules={[
              { required: true, whitespace: true, message: t('ldap.hostRequired') },
              { pattern: /^[A-Za-z0-9._:[\]-]+$/, message: t('ldap.hostPattern') },
            ]}
          >
            <Input maxLength={128} placeholder="ad.example.edu" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="port"
            label={t('ldap.port')}
            rules={[{ required: true, message: t('ldap.portRequired') }]}
          >
            <InputNumber min={1} max={65535} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="tls" label={t('ldap.tls')}>
            <Select options={TLS.map((value) => ({ value, label: t(`ldap.tls_${value}`) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          {/* A private CA (the school's own): its certificate, so LDAPS and StartTLS can trust it. */}
          <Form.Item
            name="caCert"
            label={t('ldap.caCert')}
            extra={t('ldap.caCertHint')}
            rules={[
              { pattern: /^\s*(-----BEGIN CERTIFICATE-----[\s\S]*)?$/, message: t('ldap.caCertPattern') },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={16384}
              placeholder="-----BEGIN CERTIFICATE-----"
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="baseDn"
            label={t('ldap.baseDn')}
            extra={t('ldap.baseDnHint')}
            rules={[{ required: true, whitespace: true, message: t('ldap.baseDnRequired') }]}
          >
            <Input maxLength={256} placeholder="OU=Staff,DC=example,DC=edu" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="bindDn"
            label={t('ldap.bindDn')}
            rules={[{ required: true, whitespace: true, message: t('ldap.bindDnRequired') }]}
          >
            <Input maxLength={256} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="bindPass"
            label={t('ldap.bindPass')}
            extra={editing && mode.row.hasBindPass ? t('ldap.bindPassKeep') : undefined}
            rules={editing ? [] : [{ required: true, message: t('ldap.bindPassRequired') }]}
          >
            <Input.Password maxLength={256} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="authFilter"
            label={t('ldap.authFilter')}
            extra={t('ldap.authFilterHint')}
            rules={[
              { required: true, whitespace: true, message: t('ldap.authFilterRequired') },
              { pattern: /%s/, message: t('ldap.authFilterPattern') },
            ]}
          >
            <Input maxLength={256} />
          </Form.Item>
        </Col>
        {attribute('bindAttrAccount', t('ldap.bindAttrAccount'))}
        {attribute('bindAttrName', t('ldap.bindAttrName'))}
        {attribute('bindAttrEmployeeId', t('ldap.bindAttrEmployeeId'))}
        {attribute('bindAttrCode', t('ldap.bindAttrCode'))}
        <Col span={12}>
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
