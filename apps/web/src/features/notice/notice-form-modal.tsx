import type { NoticeInput, NoticeRow } from '@lintel/contracts';
import { Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/list/form-modal';
import { NoticeRecipients } from './notice-recipients';
import { RichTextEditor } from '../../shared/rich-text/rich-text-editor';

export type NoticeFormMode = { kind: 'add' } | { kind: 'edit'; row: NoticeRow };

interface Props {
  mode: NoticeFormMode | null;
  onSubmit(values: NoticeInput, mode: NoticeFormMode): Promise<void>;
  onClose(): void;
}

/** Write or edit a draft notice: title, type, rich text content and its recipients. */
export function NoticeFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeInput>();
  const values = useMemo(
    (): Partial<NoticeInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { type: 1, receiveType: 'all', content: '' }
          : {
              title: mode.row.title,
              type: mode.row.type as 1 | 2,
              content: mode.row.content,
              receiveType: mode.row.receiveType as NoticeInput['receiveType'],
              receiveOrgIds: mode.row.receiveOrgIds,
              receiveUserIds: mode.row.receiveUserIds,
            },
    [mode],
  );

  return (
    <FormModal
      values={values}
      title={mode ? t(mode.kind === 'add' ? 'notice.addTitle' : 'notice.editTitle') : ''}
      form={form}
      width={820}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('notice.title')}
        rules={[{ required: true, whitespace: true, message: t('notice.titleRequired') }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('notice.type')}
        rules={[{ required: true, message: t('notice.typeRequired') }]}
      >
        <Radio.Group
          options={[
            { value: 1, label: t('notice.types.1') },
            { value: 2, label: t('notice.types.2') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notice.content')}
        rules={[{ required: true, message: t('notice.contentRequired') }]}
      >
        <RichTextEditor />
      </Form.Item>
      <NoticeRecipients />
    </FormModal>
  );
}
