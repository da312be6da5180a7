import {
  CloseOutlined,
  FileTextOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { Sender } from '@ant-design/x';
import type { AiAttachment } from '@lintel/contracts';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { notifier } from '../../../shared/api/notify';
import { uploadAttachment } from './ai-chat-api';
import styles from './ai-chat.module.css';

const MAX_BYTES = 10 * 1024 * 1024;
const DOCUMENTS = '.pdf,.txt,.md,.csv';
const IMAGES = '.png,.jpg,.jpeg,.webp,.gif';
const MAX_ATTACHMENTS = 5;

export interface ChatComposerProps {
  busy: boolean;
  disabled: boolean;
  /** The chosen model reads images: the attach button offers them too. */
  vision: boolean;
  onSend: (content: string, attachments: AiAttachment[]) => void;
  onStop: () => void;
}

/** The message box: text, attachments (uploaded at once, sent with the message), send and stop. */
export function ChatComposer({ busy, disabled, vision, onSend, onStop }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<AiAttachment[]>([]);
  const [uploading, setUploading] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (files: File[]) => {
    for (const file of files.slice(0, MAX_ATTACHMENTS - attachments.length)) {
      if (file.size > MAX_BYTES) {
        notifier().error(t('aiChat.fileTooLarge', { name: file.name }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const stored = await uploadAttachment(file);
        setAttachments((list) => [...list, stored]);
      } catch (error) {
        notifier().error(error instanceof ApiError ? error.message : t('aiChat.uploadFailed'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const submit = (value: string) => {
    const content = value.trim();
    if (!content || busy || uploading > 0) return;
    onSend(content, attachments);
    setText('');
    setAttachments([]);
  };

  const hasImages = attachments.some((a) => a.kind === 'image');
  const header =
    attachments.length > 0 || uploading > 0 ? (
      <Space size={4} wrap className={styles.pendingFiles}>
        {attachments.map((a) => (
          <Tag
            key={a.id}
            icon={a.kind === 'image' ? <PictureOutlined /> : <FileTextOutlined />}
            closable
            closeIcon={<CloseOutlined aria-label={t('aiChat.removeAttachment', { name: a.fileName })} />}
            onClose={() => setAttachments((list) => list.filter((x) => x.id !== a.id))}
            color={a.kind === 'image' && !vision ? 'error' : undefined}
          >
            {a.fileName}
          </Tag>
        ))}
        {uploading > 0 && <LoadingOutlined />}
        {hasImages && !vision && <span className={styles.warning}>{t('aiChat.imagesNeedVision')}</span>}
      </Space>
    ) : null;

  return (
    <div className={styles.composer}>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={vision ? `${IMAGES},${DOCUMENTS}` : DOCUMENTS}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void upload(files);
        }}
      />
      <Sender
        value={text}
        onChange={(value) => setText(value)}
        onSubmit={submit}
        loading={busy}
        onCancel={onStop}
        disabled={disabled}
        placeholder={t('aiChat.placeholder')}
        autoSize={{ minRows: 2, maxRows: 8 }}
        header={header}
        onPasteFile={(files) => void upload([...files])}
        prefix={
          <Tooltip title={vision ? t('aiChat.attachAll') : t('aiChat.attachDocuments')}>
            <Button
              type="text"
              aria-label={t('aiChat.attach')}
              icon={<PaperClipOutlined />}
              disabled={disabled || attachments.length >= MAX_ATTACHMENTS}
              onClick={() => input.current?.click()}
            />
          </Tooltip>
        }
        suffix={(_, { components: { SendButton, LoadingButton } }) =>
          busy ? (
            <LoadingButton type="default" aria-label={t('aiChat.stop')} title={t('aiChat.stop')} />
          ) : (
            <SendButton
              type="primary"
              aria-label={t('aiChat.send')}
              disabled={disabled || !text.trim() || uploading > 0 || (hasImages && !vision)}
            />
          )
        }
      />
    </div>
  );
}
