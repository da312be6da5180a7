import {
  CopyOutlined,
  FileTextOutlined,
  PictureOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { copyWithToast } from '../../../shared/markdown/copy-text';
import { ThinkingBlock } from '../../../shared/ai/thinking-block';
import type { ViewMessage } from './chat-messages';
import styles from './ai-chat.module.css';

export interface MessageActions {
  /** Offered on the last answer when it may be asked again. */
  onRegenerate?: () => void;
  /** Offered on a failed answer. */
  onRetry?: () => void;
}

function Attachments({ message }: { message: ViewMessage }) {
  const { t } = useTranslation();
  if (message.attachments.length === 0) return null;
  return (
    <Space size={4} wrap className={styles.attachments}>
      {message.attachments.map((a) => (
        <Tag key={a.id} icon={a.kind === 'image' ? <PictureOutlined /> : <FileTextOutlined />}>
          {a.fileName}
          {a.truncated ? ` (${t('aiChat.truncated')})` : ''}
        </Tag>
      ))}
    </Space>
  );
}

/** A question: its text as typed (not Markdown) and its attachments. */
export function QuestionContent({ message }: { message: ViewMessage }) {
  return (
    <div>
      <div className={styles.question}>{message.content}</div>
      <Attachments message={message} />
    </div>
  );
}

/**
 * An answer: the reasoning block, the Markdown answer (kept when it failed or was stopped), the
 * error, and copy / regenerate / retry.
 */
export function AnswerContent({ message, actions }: { message: ViewMessage; actions: MessageActions }) {
  const { t } = useTranslation();
  const streaming =
    message.phase === 'preparing' || message.phase === 'thinking' || message.phase === 'answering';
  return (
    <div className={styles.answer} data-testid="answer" data-phase={message.phase}>
      <ThinkingBlock
        phase={message.phase}
        reasoning={message.reasoning}
        thinkingSince={message.thinkingSince}
        reasoningMs={message.reasoningMs}
      />
      {message.content && <MarkdownView text={message.content} />}
      {message.status === 'stopped' && <div className={styles.muted}>{t('aiChat.stopped')}</div>}
      {message.status === 'failed' && message.error && (
        <Alert className={styles.error} type="error" showIcon title={message.error} />
      )}
      {!streaming && (
        <Space size={0} className={styles.actions}>
          {message.content && (
            <Tooltip title={t('aiChat.copy')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('aiChat.copy')}
                onClick={() => void copyWithToast(message.content)}
              />
            </Tooltip>
          )}
          {actions.onRetry && (
            <Button type="link" size="small" icon={<ReloadOutlined />} onClick={actions.onRetry}>
              {t('aiChat.retry')}
            </Button>
          )}
          {!actions.onRetry && actions.onRegenerate && (
            <Tooltip title={t('aiChat.regenerate')}>
              <Button
                type="text"
                size="small"
                icon={<RedoOutlined />}
                aria-label={t('aiChat.regenerate')}
                onClick={actions.onRegenerate}
              />
            </Tooltip>
          )}
        </Space>
      )}
    </div>
  );
}
