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
/**
 * The answer without the marker lines the prompt templates ask for at its end (【答案】, 【知识点】,
 * 【判定】): the page shows what they say on its own, as the final answer, the knowledge point or the verdict.
 */
export const withoutMarkers = (text: string) =>
  text.replace(/^[ \t>*_-]*(?:【|\[)\s*(?:答案|最终答案|知识点|判定)\s*(?:】|\]).*$/gmu, '').trimEnd();

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
      {!hideContent && state.content && <MarkdownView text={withoutMarkers(state.content)} />}
      {state.notConfigured ? (
        <NoModelNotice />
      ) : (
        state.error && <Alert type="error" showIcon message={state.error} className={styles.gap} />
      )}
    </div>
  );
}
