import { PHONE_PATTERN, type BaseInfo, type BaseInfoUpdate, type Gender } from '@lintel/contracts';
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerFieldErrors } from '../api/field-errors';
import { notifier } from '../api/notify';
import { cardTypeOptions, cultureLevelOptions, genderOptions } from './profile-options';

type Values = Omit<BaseInfoUpdate, 'birthday'> & { birthday?: Dayjs | null };

/** Free-text profile fields with their length limits (SPEC 3 Account). */
const TEXT_FIELDS = [
  ['idCardNum', 32],
  ['college', 128],
  ['nation', 32],
  ['politicalOutlook', 32],
  ['officePhone', 32],
  ['address', 256],
  ['emergencyContact', 32],
  ['emergencyPhone', 32],
  ['emergencyAddress', 256],
] as const;

/** The own profile (SPEC 3 Account): the fields an account may change about itself. */
export function ProfileForm({
  info,
  onSave,
}: {
  info: BaseInfo;
  onSave: (values: BaseInfoUpdate) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    realName: info.realName ?? '',
    phone: info.phone ?? '',
    email: info.email ?? '',
    // Rows carry the gender code as an integer; the update takes the codes only.
    sex: info.sex as Gender,
    birthday: info.birthday ? dayjs(info.birthday) : null,
    cardType: info.cardType,
    cultureLevel: info.cultureLevel,
    introduction: info.introduction ?? '',
    nickName: info.nickName ?? '',
    ...Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, info[f] ?? ''])),
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await onSave({
        ...values,
        realName: values.realName?.trim(),
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        cultureLevel: values.cultureLevel ?? null,
      });
      notifier().success(t('personal.profile.saved'));
    } catch (error) {
      // The API client has toasted the server's message; the fields it names show it too.
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="profile-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="realName"
            label={t('personal.field.realName')}
            rules={[
              { required: true, whitespace: true, message: t('personal.profile.realNameRequired') },
              { max: 64, message: t('personal.profile.tooLong', { max: 64 }) },
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="nickName"
            label={t('personal.field.nickName')}
            rules={[{ max: 64, message: t('personal.profile.tooLong', { max: 64 }) }]}
          >
            <Input allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('personal.field.phone')}
            rules={[{ pattern: new RegExp(PHONE_PATTERN), message: t('personal.profile.phoneInvalid') }]}
          >
            <Input allowClear inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('personal.field.email')}
            rules={[{ type: 'email', message: t('personal.profile.emailInvalid') }]}
          >
            <Input allowClear inputMode="email" />
          </Form.Item>
        </Col>
        <ProfileFields />
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.profile.save')}
      </Button>
    </Form>
  );
}

/**
 * The profile fields an account and its administrators edit alike (gender, birth date, documents,
 * education, contacts, introduction), as form items for a vertical form in a `Row`.
 */
export function ProfileFields({ hidden }: { hidden?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const show = (field: string) => !hidden?.has(field);
  const tooLong = (max: number) => ({ max, message: t('personal.profile.tooLong', { max }) });
  return (
    <>
      {show('sex') && (
        <Col xs={24} md={12}>
          <Form.Item name="sex" label={t('personal.field.gender')}>
            <Select options={genderOptions(t)} />
          </Form.Item>
        </Col>
      )}
      {show('birthday') && (
        <Col xs={24} md={12}>
          <Form.Item name="birthday" label={t('personal.field.birthday')}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
          </Form.Item>
        </Col>
      )}
      {show('cardType') && (
        <Col xs={24} md={12}>
          <Form.Item name="cardType" label={t('personal.field.cardType')}>
            <Select options={cardTypeOptions(t)} />
          </Form.Item>
        </Col>
      )}
      {show('cultureLevel') && (
        <Col xs={24} md={12}>
          <Form.Item name="cultureLevel" label={t('personal.field.cultureLevel')}>
            <Select allowClear options={cultureLevelOptions(t)} />
          </Form.Item>
        </Col>
      )}
      {TEXT_FIELDS.filter(([name]) => show(name)).map(([name, max]) => (
        <Col xs={24} md={12} key={name}>
          <Form.Item name={name} label={t(`personal.field.${name}`)} rules={[tooLong(max)]}>
            <Input allowClear />
          </Form.Item>
        </Col>
      ))}
      {show('introduction') && (
        <Col xs={24}>
          <Form.Item name="introduction" label={t('personal.field.introduction')} rules={[tooLong(512)]}>
            <Input.TextArea rows={3} showCount maxLength={512} />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
