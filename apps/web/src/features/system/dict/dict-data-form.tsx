import type { DictDataInput, DictDataRow, DictTagType } from '@lintel/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';
import { TAG_COLOURS } from '../../../shared/dict/use-dict';
import { DictTag } from './dict-tag';

/** The tag types the server takes: none, or one of the widget's colours. */
const TAG_TYPES = ['', ...Object.keys(TAG_COLOURS)] as DictTagType[];

export type DictDataMode =
  { kind: 'add' } | { kind: 'edit'; row: DictDataRow } | { kind: 'copy'; row: DictDataRow };
export type DictDataFormValues = Omit<DictDataInput, 'dictTypeId'>;

interface Props {
  mode: DictDataMode | null;
  onSubmit(values: DictDataFormValues, mode: DictDataMode): Promise<void>;
  onClose(): void;
}

/** Live preview of the item's tag while its label, type, style and classes are edited. */
function Preview() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<DictDataFormValues>();
  const label = Form.useWatch('label', form);
  const tagType = Form.useWatch('tagType', form);
  const styleSetting = Form.useWatch('styleSetting', form);
  const classSetting = Form.useWatch('classSetting', form);
  return (
    <Form.Item label={t('dict.preview')}>
      <div data-testid="dict-preview">
        <DictTag
          label={label?.trim() || t('dict.previewEmpty')}
          tagType={tagType}
          styleSetting={styleSetting}
          classSetting={classSetting}
        />
      </div>
    </Form.Item>
  );
}

/** Add, edit or copy a dictionary item, with a live preview of its tag. */
export function DictDataForm({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictDataFormValues>();
  const values = useMemo((): Partial<DictDataFormValues> | null => {
    if (!mode) return null;
    if (mode.kind === 'add') return { orderNo: 100, status: 1, tagType: '' };
    const row = mode.row;
    return {
      label: row.label,
      value: mode.kind === 'copy' ? '' : row.value,
      code: row.code ?? '',
      name: row.name ?? '',
      tagType: (TAG_TYPES as string[]).includes(row.tagType ?? '')
        ? (row.tagType as DictDataFormValues['tagType'])
        : '',
      styleSetting: row.styleSetting ?? '',
      classSetting: row.classSetting ?? '',
      extData: row.extData ?? '',
      orderNo: row.orderNo,
      status: statusValue(row.status),
      remark: row.remark ?? '',
    };
  }, [mode]);

  const tagOptions = TAG_TYPES.map((value) => ({
    value,
    label: value ? <DictTag label={t(`dict.tag.${value}`)} tagType={value} /> : t('dict.tag.none'),
  }));

  return (
    <FormModal
      values={values}
      width={720}
      title={mode ? t(`dict.${mode.kind}Item`) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="label" label={t('dict.label')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="value" label={t('dict.value')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="code" label={t('dict.code')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label={t('dict.name')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="tagType" label={t('dict.tagType')}>
            <Select options={tagOptions} aria-label={t('dict.tagType')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Preview />
        </Col>
        <Col span={12}>
          <Form.Item name="styleSetting" label={t('dict.styleSetting')} extra={t('dict.styleHint')}>
            <Input maxLength={512} placeholder="color: #fff; background: #722ed1" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="classSetting" label={t('dict.classSetting')}>
            <Input maxLength={512} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="orderNo" label={t('system.common.order')}>
            <InputNumber min={0} max={1000000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('system.common.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('system.common.remark')}>
            <Input maxLength={256} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="extData" label={t('dict.extData')} extra={t('dict.extDataHint')}>
            <Input.TextArea maxLength={10000} rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
