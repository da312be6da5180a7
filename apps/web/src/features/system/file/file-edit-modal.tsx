import type { FileRow, FileUpdate } from '@lintel/contracts';
import { Form, Input, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { shownName } from './file-api';
import { folderRules } from './folder-rules';

type Values = Omit<FileUpdate, 'id'>;

interface Props {
  file: FileRow | null;
  onSubmit(values: FileUpdate): Promise<void>;
  onClose(): void;
}

/** Rename a file (its alias: the stored file keeps its name), recategorise it, move it, publish it. */
export function FileEditModal({ file, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const values = useMemo(
    (): Partial<Values> | null =>
      file && {
        fileAlias: shownName(file),
        fileType: file.fileType ?? '',
        filePath: file.filePath,
        isPublic: file.isPublic,
      },
    [file],
  );
  return (
    <FormModal
      values={values}
      title={t('file.editTitle')}
      form={form}
      onSubmit={(v) =>
        onSubmit({
          ...v,
          fileType: v.fileType?.trim() || null,
          filePath: v.filePath?.trim() ?? '',
          id: file!.id,
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="fileAlias"
        label={t('file.name')}
        rules={[{ required: true, whitespace: true, message: t('file.nameRequired') }]}
      >
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="fileType" label={t('file.fileType')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="filePath" label={t('file.folder')} rules={folderRules(t)} extra={t('file.folderHint')}>
        <Input maxLength={256} />
      </Form.Item>
      {file?.kind === 'file' && (
        <Form.Item
          name="isPublic"
          label={t('file.public')}
          valuePropName="checked"
          extra={t('file.publicHint')}
        >
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
