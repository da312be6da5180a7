import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeGenRow } from '@lintel/contracts';
import { codeGenKeys, previewFiles } from './code-gen-api';
import { FileTabs } from './file-tabs';

/** The files a record generates, one tab each: the path in the repository and the code. */
export function PreviewModal({ record, onClose }: { record: CodeGenRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const files = useQuery({
    queryKey: codeGenKeys.preview(record?.id ?? ''),
    queryFn: () => previewFiles(record!.id),
    enabled: !!record,
    // A preview shows the files as they would be generated now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const list = files.data ?? [];
  const title = record ? t('develop.codeGen.preview.title', { name: record.busName }) : '';

  return (
    <Modal
      open={!!record}
      onCancel={onClose}
      width={1180}
      destroyOnHidden
      title={title}
      footer={<Button onClick={onClose}>{t('develop.common.close')}</Button>}
    >
      {files.isFetching ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : list.length === 0 ? (
        <Empty description={t('develop.codeGen.preview.none')} />
      ) : (
        <FileTabs files={list} label={t('develop.codeGen.preview.files')} height="min(68vh, 720px)" />
      )}
    </Modal>
  );
}
