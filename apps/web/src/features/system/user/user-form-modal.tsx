import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  AccountType,
  PHONE_PATTERN,
  type AddUserInput,
  type ExtOrgInput,
  type Gender,
  type OrgNode,
  type UserDetail,
} from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tabs,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';
import { ProfileFields } from '../../../shared/account/profile-form';
import { newPasswordRules } from '../../../shared/account/password-rules';
import { accountNameRule } from '../../../shared/account/account-name-rule';
import { listPositions, posKeys } from '../pos/pos-api';
import { listRoles, roleKeys } from '../role/role-api';

export type UserFormMode = { kind: 'add'; orgId?: string } | { kind: 'edit' | 'copy'; detail: UserDetail };

/** The form's values: dates as dayjs while editing. */
export type UserFormValues = Omit<AddUserInput, 'birthday' | 'joinDate'> & {
  birthday?: Dayjs | null;
  joinDate?: Dayjs | null;
};

const NONE: ReadonlySet<string> = new Set();

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** Form values back to the wire shape (dates as YYYY-MM-DD, empty optional text as null). */
export function toUserInput(values: UserFormValues): AddUserInput {
  return {
    ...values,
    account: values.account.trim(),
    realName: values.realName.trim(),
    birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
    joinDate: values.joinDate ? values.joinDate.format('YYYY-MM-DD') : null,
    cultureLevel: values.cultureLevel ?? null,
    posId: values.posId ?? null,
    extOrgIdList: (values.extOrgIdList ?? []).filter((e) => e.orgId),
  };
}

function initialValues(mode: UserFormMode): Partial<UserFormValues> {
  if (mode.kind === 'add')
    return {
      orgId: mode.orgId,
      status: 1,
      orderNo: 100,
      sex: 0,
      cardType: 0,
      accountType: AccountType.NormalUser,
    };
  const d = mode.detail;
  const copy = mode.kind === 'copy';
  return {
    // A copy keeps the organisation, position, roles and job fields, never the person's identity.
    account: copy ? '' : d.account,
    realName: copy ? '' : (d.realName ?? ''),
    nickName: copy ? '' : d.nickName,
    phone: copy ? '' : d.phone,
    email: copy ? '' : d.email,
    idCardNum: copy ? '' : d.idCardNum,
    sex: copy ? 0 : (d.sex as Gender),
    birthday: copy ? null : day(d.birthday),
    cardType: d.cardType,
    cultureLevel: copy ? null : d.cultureLevel,
    nation: copy ? null : d.nation,
    politicalOutlook: copy ? null : d.politicalOutlook,
    college: copy ? null : d.college,
    officePhone: d.officePhone,
    address: copy ? null : d.address,
    emergencyContact: copy ? null : d.emergencyContact,
    emergencyPhone: copy ? null : d.emergencyPhone,
    emergencyAddress: copy ? null : d.emergencyAddress,
    introduction: copy ? null : d.introduction,
    accountType: d.accountType as AddUserInput['accountType'],
    orgId: d.orgId ?? undefined,
    posId: d.posId,
    jobNum: copy ? null : d.jobNum,
    jobTitle: d.jobTitle,
    employeeId: copy ? null : d.employeeId,
    domainAccount: copy ? null : d.domainAccount,
    joinDate: copy ? null : day(d.joinDate),
    status: statusValue(d.status),
    orderNo: d.orderNo,
    remark: copy ? null : d.remark,
    roleIdList: d.roleIdList,
    extOrgIdList: d.extOrgIdList.map((e): ExtOrgInput => ({
      orgId: e.orgId,
      posId: e.posId,
      jobNum: e.jobNum,
    })),
  };
}

interface Props {
  mode: UserFormMode | null;
  orgs: OrgNode[];
  /** Only the super admin may make system administrators. */
  isSuperAdmin: boolean;
  /** Fields the caller's field blacklist hides: not shown, not sent. */
  hidden?: ReadonlySet<string>;
  onSubmit(values: UserFormValues, mode: UserFormMode): Promise<void>;
  onClose(): void;
}

interface OrgOption {
  value: string;
  title: string;
  children: OrgOption[];
}
const toTree = (nodes: OrgNode[]): OrgOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** Add, edit or copy an account: basic data, roles, profile, job and affiliated organisations. */
export function UserFormModal({ mode, orgs, isSuperAdmin, hidden = NONE, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const show = (field: string) => !hidden.has(field);
  const [form] = Form.useForm<UserFormValues>();
  const open = !!mode;
  const positions = useQuery({ queryKey: posKeys.list({}), queryFn: () => listPositions(), enabled: open });
  const roles = useQuery({ queryKey: roleKeys.list, queryFn: listRoles, enabled: open });
  const values = useMemo(() => (mode ? initialValues(mode) : null), [mode]);
  const orgTree = useMemo(() => toTree(orgs), [orgs]);
  const posOptions = (positions.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const typeOptions = [
    ...(isSuperAdmin || mode?.kind === 'edit'
      ? [{ value: AccountType.SysAdmin, label: t('user.type.sysAdmin'), disabled: !isSuperAdmin }]
      : []),
    { value: AccountType.NormalUser, label: t('user.type.normal') },
    { value: AccountType.Member, label: t('user.type.member') },
    { value: AccountType.Other, label: t('user.type.other') },
  ];
  const tooLong = (max: number) => ({ max, message: t('personal.profile.tooLong', { max }) });

  const basic = (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="account"
          label={t('user.field.account')}
          rules={[
            { required: true, whitespace: true, message: t('user.accountRequired') },
            accountNameRule(t('user.accountInvalid')),
          ]}
        >
          <Input maxLength={ACCOUNT_NAME_MAX_LENGTH} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="realName"
          label={t('personal.field.realName')}
          rules={[{ required: true, whitespace: true, message: t('user.realNameRequired') }, tooLong(64)]}
        >
          <Input />
        </Form.Item>
      </Col>
      {show('phone') && (
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('personal.field.phone')}
            rules={[{ pattern: new RegExp(PHONE_PATTERN), message: t('personal.profile.phoneInvalid') }]}
          >
            <Input allowClear inputMode="tel" />
          </Form.Item>
        </Col>
      )}
      {show('email') && (
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('personal.field.email')}
            rules={[{ type: 'email', message: t('personal.profile.emailInvalid') }]}
          >
            <Input allowClear inputMode="email" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="orgId"
          label={t('user.field.org')}
          rules={[{ required: true, message: t('user.orgRequired') }]}
        >
          <TreeSelect treeData={orgTree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Col>
      {show('posId') && (
        <Col xs={24} md={12}>
          <Form.Item name="posId" label={t('user.field.pos')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={posOptions}
              loading={positions.isFetching}
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item name="accountType" label={t('user.field.accountType')}>
          <Select options={typeOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="roleIdList" label={t('user.field.roles')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={roles.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      </Col>
      {mode?.kind !== 'edit' && (
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('user.field.password')}
            extra={t('user.passwordDefaultHint')}
            rules={newPasswordRules(t).slice(1)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      )}
      <Col xs={12} md={6}>
        <Form.Item name="orderNo" label={t('system.common.order')}>
          <InputNumber min={0} max={1000000} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="status" label={t('system.common.status')}>
          <StatusRadio />
        </Form.Item>
      </Col>
      {show('remark') && (
        <Col xs={24}>
          <Form.Item name="remark" label={t('system.common.remark')} rules={[tooLong(256)]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );

  const profile = (
    <Row gutter={16}>
      {show('nickName') && (
        <Col xs={24} md={12}>
          <Form.Item name="nickName" label={t('personal.field.nickName')} rules={[tooLong(64)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      )}
      <ProfileFields hidden={hidden} />
    </Row>
  );

  const job = (
    <Row gutter={16}>
      {show('jobNum') && (
        <Col xs={24} md={12}>
          <Form.Item name="jobNum" label={t('user.field.jobNum')} rules={[tooLong(32)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      )}
      {show('jobTitle') && (
        <Col xs={24} md={12}>
          <Form.Item name="jobTitle" label={t('user.field.jobTitle')} rules={[tooLong(64)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      )}
      {show('employeeId') && (
        <Col xs={24} md={12}>
          <Form.Item name="employeeId" label={t('user.field.employeeId')} rules={[tooLong(32)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      )}
      {show('domainAccount') && (
        <Col xs={24} md={12}>
          <Form.Item name="domainAccount" label={t('user.field.domainAccount')} rules={[tooLong(64)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      )}
      {show('joinDate') && (
        <Col xs={24} md={12}>
          <Form.Item name="joinDate" label={t('user.field.joinDate')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24}>
        <Form.List name="extOrgIdList">
          {(fields, { add, remove }) => (
            <Form.Item label={t('user.field.extOrgs')}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                  <Form.Item
                    name={[field.name, 'orgId']}
                    rules={[{ required: true, message: t('user.orgRequired') }]}
                  >
                    <TreeSelect
                      treeData={orgTree}
                      treeDefaultExpandAll
                      style={{ width: 220 }}
                      placeholder={t('user.field.org')}
                      aria-label={t('user.field.org')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'posId']}>
                    <Select
                      allowClear
                      style={{ width: 180 }}
                      options={posOptions}
                      placeholder={t('user.field.pos')}
                      aria-label={t('user.field.pos')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'jobNum']}>
                    <Input style={{ width: 120 }} placeholder={t('user.field.jobNum')} maxLength={32} />
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label={t('system.common.delete')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('user.addExtOrg')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
      </Col>
    </Row>
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(`user.${mode.kind}Title`) : ''}
      form={form}
      width={820}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      {/* Every tab stays mounted so that validation sees each field. */}
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'basic', label: t('user.tab.basic'), children: basic, forceRender: true },
          { key: 'profile', label: t('user.tab.profile'), children: profile, forceRender: true },
          { key: 'job', label: t('user.tab.job'), children: job, forceRender: true },
        ]}
      />
    </FormModal>
  );
}
