import type { RegionInput, RegionRow } from '@lintel/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { RegionCascader } from '../../../shared/region/region-cascader';

/**
 * Add at the top of the page (the parent picked with the region cascader, none: a province), add
 * under a row (the parent is that row), or edit a row (its parent stays).
 */
export type RegionFormMode =
  { kind: 'add' } | { kind: 'addChild'; parent: RegionRow } | { kind: 'edit'; row: RegionRow };

interface Props {
  mode: RegionFormMode | null;
  onSubmit(values: RegionInput, mode: RegionFormMode): Promise<void>;
  onClose(): void;
}

type FormValues = Omit<RegionInput, 'pid'> & { parentCodes?: string[] };

const parentName = (mode: RegionFormMode) =>
  mode.kind === 'addChild'
    ? (mode.parent.mergerName ?? mode.parent.name)
    : mode.kind === 'edit'
      ? (mode.row.mergerName ?? mode.row.name).split(',').slice(0, -1).join(',')
      : '';

export function RegionFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [picked, setPicked] = useState<RegionRow[]>([]);

  const values = useMemo((): Partial<FormValues> | null => {
    if (!mode) return null;
    if (mode.kind !== 'edit') return { orderNo: 100 };
    const { row } = mode;
    return {
      name: row.name,
      shortName: row.shortName,
      code: row.code,
      zipCode: row.zipCode,
      cityCode: row.cityCode,
      pinYin: row.pinYin,
      lng: row.lng,
      lat: row.lat,
      orderNo: row.orderNo,
      remark: row.remark,
    };
  }, [mode]);

  const submit = ({ parentCodes: _codes, ...fields }: FormValues) => {
    const current = mode!;
    const pid =
      current.kind === 'edit'
        ? current.row.pid
        : current.kind === 'addChild'
          ? current.parent.id
          : (picked[picked.length - 1]?.id ?? '0');
    return onSubmit({ ...fields, pid }, current);
  };

  const title = mode ? t(`region.${mode.kind === 'edit' ? 'editTitle' : 'addTitle'}`) : '';
  return (
    <FormModal values={values} title={title} form={form} onSubmit={submit} onClose={onClose} width={640}>
      {mode?.kind === 'add' ? (
        <Form.Item name="parentCodes" label={t('region.parent')} extra={t('region.parentHint')}>
          <RegionCascader
            changeOnSelect
            maxLevel={4}
            placeholder=""
            onChange={(_codes, regions) => setPicked(regions)}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('region.parent')}>
          <span>{(mode && parentName(mode)) || t('region.topLevel')}</span>
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('region.name')}
        rules={[{ required: true, whitespace: true, message: t('region.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="shortName" label={t('region.shortName')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('region.code')}
        rules={[
          { required: true, whitespace: true, message: t('region.codeRequired') },
          { pattern: /^[0-9A-Za-z_-]+$/, message: t('region.codePattern') },
        ]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="pinYin" label={t('region.pinYin')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item
        name="zipCode"
        label={t('region.zipCode')}
        rules={[{ pattern: /^\d{0,6}$/, message: t('region.digits') }]}
      >
        <Input maxLength={6} />
      </Form.Item>
      <Form.Item
        name="cityCode"
        label={t('region.cityCode')}
        rules={[{ pattern: /^\d{0,6}$/, message: t('region.digits') }]}
      >
        <Input maxLength={6} />
      </Form.Item>
      <Form.Item name="lng" label={t('region.lng')}>
        <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="lat" label={t('region.lat')}>
        <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="orderNo" label={t('system.common.order')}>
        <InputNumber min={0} max={999999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('system.common.remark')}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
