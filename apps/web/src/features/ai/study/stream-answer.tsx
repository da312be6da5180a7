import { CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Space, Tag } from 'antd';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { ThinkingBlock } from '../../../shared/ai/thinking-block';
import { NoModelNotice } from './no-model-notice';
import type { StudyStreamState } from './use-study-stream';
import styles from './study.module.css';

/**
 * A streamed answer as the study pages show it: the workflow's steps, the model's reasoning (folded
 * once the answer starts), the answer in Markdown with math, and a failure in place.
 */
export function StreamAnswer({
  state,
  hideContent = false,
}: {
  state: StudyStreamState;
  hideContent?: boolean;
}) {
  if (state.phase === 'idle') return null;
  return (
    <div className={styles.answer} aria-live="polite">
      {state.steps.length > 0 && (
        <Space wrap size={4} className={styles.steps}>
          {state.steps.map((step) => (
            <Tag
              key={step.node}
              icon={step.status === 'finished' ? <CheckCircleOutlined /> : <LoadingOutlined />}
              color={step.status === 'finished' ? 'success' : 'processing'}
            >
              {step.title}
            </Tag>
          ))}
        </Space>
      )}
      <ThinkingBlock
        phase={state.phase}
        reasoning={state.reasoning}
        thinkingSince={state.thinkingSince}
        reasoningMs={state.reasoningMs}
      />
      {!hideContent && state.content && <MarkdownView text={state.content} />}
      {state.notConfigured ? (
        <NoModelNotice />
      ) : (
        state.error && <Alert type="error" showIcon message={state.error} className={styles.gap} />
      )}
    </div>
  );
}
