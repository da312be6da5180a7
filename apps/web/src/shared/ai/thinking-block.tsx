import { BulbOutlined, DownOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../markdown/markdown-view';
import { useAiColours } from './ai-colours';
import styles from './thinking-block.module.css';

/**
 * Where an answer stands (ai-features.md §4): sent and nothing back yet, reasoning arriving, the
 * answer under way or finished, or failed (an error, a broken stream or the user's stop).
 */
export type AnswerPhase = 'preparing' | 'thinking' | 'answering' | 'done' | 'failed';

export interface ThinkingBlockProps {
  phase: AnswerPhase;
  /** The chain of thought so far (display only). */
  reasoning: string;
  /** When the first reasoning arrived (Date.now()), for the live timer while thinking. */
  thinkingSince?: number | null;
  /** How long the model thought, once its answer started (or from the stored message). */
  reasoningMs?: number | null;
  /** Start the block expanded after thinking has ended (a user setting); default collapsed. */
  defaultExpanded?: boolean;
}

/** The clock, ticking twice a second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The model's reasoning above its answer: live and open while it thinks (with a timer), folded to
 * "thought for N s" once the answer starts, open again on a click. Before anything arrives it shows
 * the preparing state. Nothing shows for an answer that came without reasoning.
 */
export function ThinkingBlock(props: ThinkingBlockProps) {
  const { phase, reasoning, thinkingSince, reasoningMs, defaultExpanded = false } = props;
  const { t } = useTranslation();
  const id = useId();
  const thinking = phase === 'thinking';
  const [expanded, setExpanded] = useState(thinking || defaultExpanded);
  // Open while thinking, folded (or the user's default) once the answer starts.
  const [wasThinking, setWasThinking] = useState(thinking);
  if (wasThinking !== thinking) {
    setWasThinking(thinking);
    setExpanded(thinking || defaultExpanded);
  }
  const now = useNow(thinking);
  const colours = useAiColours();

  if (phase === 'preparing' && !reasoning) {
    return (
      <div className={styles.status} style={colours} role="status">
        <LoadingOutlined /> {t('ai.preparing')}
      </div>
    );
  }
  if (!reasoning) return null;

  const label = thinking
    ? t('ai.thinking', { seconds: Math.max(0, Math.round((now - (thinkingSince ?? now)) / 1000)) })
    : reasoningMs != null
      ? t('ai.thoughtFor', { seconds: Math.max(1, Math.round(reasoningMs / 1000)) })
      : t('ai.thought');

  return (
    <div className={styles.block} style={colours}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((open) => !open)}
      >
        {thinking ? <LoadingOutlined /> : <BulbOutlined />}
        <span>{label}</span>
        {expanded ? (
          <DownOutlined className={styles.chevron} />
        ) : (
          <RightOutlined className={styles.chevron} />
        )}
      </button>
      {expanded && (
        <div id={id} className={styles.reasoning}>
          <MarkdownView text={reasoning} />
        </div>
      )}
    </div>
  );
}
