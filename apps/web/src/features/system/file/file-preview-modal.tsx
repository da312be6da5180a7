import type { FileRow } from '@lintel/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { shownName } from './file-api';

interface Props {
  file: FileRow | null;
  onDownload(file: FileRow): void;
  onClose(): void;
}

const FRAME = { width: '100%', height: '70vh', border: 0 } as const;

/**
 * Shows a file in the page from its served address (`/upload/...`: the browser sends the file
 * cookie, and the server answers with the type it checked on upload). Video and audio seek with
 * Range requests; a PDF or a text file opens in a same-origin <iframe> (the site's CSP allows
 * frames of itself, and previews allow being framed by it; <embed>/<object> stay refused).
 */
export function FilePreviewModal({ file, onDownload, onClose }: Props) {
  const { t } = useTranslation();
  const name = file ? shownName(file) : '';
  const body = () => {
    if (!file) return null;
    switch (file.family) {
      case 'image':
        return (
          <img
            src={file.url}
            alt={name}
            style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
          />
        );
      case 'video':
        return (
          <video
            src={file.url}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: '70vh' }}
            aria-label={name}
          />
        );
      case 'audio':
        return (
          <audio src={file.url} controls preload="metadata" style={{ width: '100%' }} aria-label={name} />
        );
      case 'pdf':
      case 'text':
        return <iframe src={file.url} title={name} style={FRAME} />;
      default:
        return <Empty description={t('file.noPreview')} />;
    }
  };
  return (
    <Modal
      open={!!file}
      title={t('file.previewTitle', { name })}
      width={file?.family === 'audio' ? 560 : 960}
      onCancel={onClose}
      destroyOnHidden
      footer={
        file && (
          <Button icon={<DownloadOutlined />} onClick={() => onDownload(file)}>
            {t('file.download')}
          </Button>
        )
      }
    >
      {body()}
    </Modal>
  );
}
