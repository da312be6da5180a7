import type { UpgradeInput, UpgradeRow } from '@lintel/contracts';
import { DatePicker, Form, Input, Radio, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { MarkdownView } from '../../../shared/markdown/markdown-view';

export type UpgradeFormMode = { kind: 'add' } | { kind: 'edit'; row: UpgradeRow };
type Values = Omit<UpgradeInput, 'publishTime'> & { publishTime?: Dayjs | null };

interface Props {
  mode: UpgradeFormMode | null;
  onSubmit(values: UpgradeInput, mode: UpgradeFormMode): Promise<void>;
  onClose(): void;
}

/** A release note: version, title, Markdown content (with a preview), publish time, published or draft. */
export function UpgradeFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const content = Form.useWatch('content', form) ?? '';
  const values = useMemo((): Partial<Values> | null => {
    if (!mode) return null;
    if (mode.kind === 'add') return { content: '', status: 1, publishTime: dayjs() };
    const { row } = mode;
    return {
      version: row.version,
      title: row.title,
      content: row.content,
      status: row.status === 2 ? 2 : 1,
      publishTime: dayjs(row.publishTime),
    };
  }, [mode]);

  return (
    <FormModal<Values>
      values={values}
      width={760}
      title={mode ? t(`upgrade.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={({ publishTime, ...rest }) =>
        onSubmit({ ...rest, ...(publishTime ? { publishTime: publishTime.toISOString() } : {}) }, mode!)
      }
      onClose={onClose}
    >
      <Form.Item
        name="version"
        label={t('upgrade.version')}
        rules={[
          { required: true, whitespace: true, message: t('upgrade.versionRequired') },
          { pattern: /^[0-9A-Za-z.+_-]+$/, message: t('upgrade.versionPattern') },
        ]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('upgrade.title')}
        rules={[{ required: true, whitespace: true, message: t('upgrade.titleRequired') }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="publishTime" label={t('upgrade.publishTime')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('upgrade.status')}>
        <Radio.Group
          options={[
            { value: 1, label: t('upgrade.published') },
            { value: 2, label: t('upgrade.draft') },
          ]}
        />
      </Form.Item>
      <Tabs
        size="small"
        items={[
          {
            key: 'write',
            label: t('upgrade.content'),
            forceRender: true,
            children: (
              <Form.Item name="content" noStyle>
                <Input.TextArea rows={10} maxLength={20000} aria-label={t('upgrade.content')} />
              </Form.Item>
            ),
          },
          { key: 'preview', label: t('upgrade.preview'), children: <MarkdownView text={content} /> },
        ]}
      />
    </FormModal>
  );
}
