import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Switch, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { uploadOne, type UploadFields } from './file-api';
import { folderRules } from './folder-rules';

interface Props {
  open: boolean;
  /** The folder the page shows: new files go there unless the form says otherwise. */
  folder: string;
  onUploaded(): void;
  onClose(): void;
}

const MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * Upload into the file centre: drop or pick several files; each is sent on its own (uploadFile),
 * so one refused file does not hold back the others. A refused file stays in the list with the
 * server's own message (which type, which rule), a file above 10 MB is refused before sending.
 */
export function FileUploadModal({ open, folder, onUploaded, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadFields>();
  const [files, setFiles] = useState<UploadFile[]>([]);

  const close = () => {
    setFiles([]);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('file.uploadTitle')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) =>
        visible && form.setFieldsValue({ path: folder, fileType: '', isPublic: false })
      }
    >
      <Form form={form} layout="vertical" initialValues={{ path: folder, isPublic: false }}>
        <Form.Item name="path" label={t('file.folder')} rules={folderRules(t)} extra={t('file.folderHint')}>
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item name="fileType" label={t('file.fileType')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="isPublic"
          label={t('file.public')}
          valuePropName="checked"
          extra={t('file.publicHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
      <Upload.Dragger
        multiple
        fileList={files}
        onChange={({ fileList }) => setFiles(fileList)}
        beforeUpload={(file) => {
          if (file.size <= UPLOAD_MAX_BYTES) return true;
          setFiles((list) => [
            ...list,
            {
              uid: file.uid,
              name: file.name,
              status: 'error',
              error: new Error(t('file.tooLarge', { size: MB })),
            },
          ]);
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const fields = await form.validateFields().catch(() => null);
          if (!fields) return onError?.(new Error(t('file.folderInvalid')));
          try {
            const blob = file as File;
            onSuccess?.(await uploadOne(blob, blob.name, { ...fields, path: fields.path?.trim() ?? '' }));
            onUploaded();
          } catch (error) {
            onError?.(error instanceof ApiError ? new Error(error.message) : (error as Error));
          }
        }}
        itemRender={(node, file) => (
          <div>
            {node}
            {file.status === 'error' && (
              <Typography.Text type="danger" role="alert">
                {(file.error as Error | undefined)?.message}
              </Typography.Text>
            )}
          </div>
        )}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('file.dropHere')}</p>
        <p className="ant-upload-hint">{t('file.uploadHint', { size: MB })}</p>
      </Upload.Dragger>
    </Modal>
  );
}
