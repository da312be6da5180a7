import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { fetchSliderPuzzle, verifySlider } from './slider-api';
import styles from './slider-captcha.module.css';
import { applyKey, DragTrack, keyAction, pieceX, ratioFromPointer } from './slider-logic';

type Phase = 'idle' | 'dragging' | 'checking' | 'passed' | 'failed';

interface Props {
  tenantId: string;
  /** Counts the puzzles a form has used up: a new value asks for a new puzzle. */
  round?: number;
  /** The pass token once the puzzle is solved; null while it is not (or no longer) valid. */
  onChange: (passToken: string | null) => void;
}

/** A puzzle lives 120 s on the server: a new one is fetched a little before. */
const PUZZLE_REFRESH_MS = 110_000;
const HANDLE_PX = 44;

/**
 * The slider captcha (SPEC 2 and 5): press and hold the handle, drag the piece into the hole, let
 * go. The server checks the position and the drag and answers with a pass token for sign-in. Mouse,
 * touch and pen through pointer events; the keyboard through the arrow keys and Enter.
 */
export default function SliderCaptcha({ tenantId, round = 0, onChange }: Props) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  // The handle's position belongs to one puzzle: a new picture starts over at the rest position.
  const [position, setPosition] = useState<{ puzzleId?: string; ratio: number }>({ ratio: 0 });
  const [error, setError] = useState<string | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ track: DragTrack; startRatio: number; startX: number; travel: number } | null>(null);
  const puzzle = useQuery({
    queryKey: ['auth', 'slider', tenantId, round],
    queryFn: () => fetchSliderPuzzle(tenantId),
    staleTime: PUZZLE_REFRESH_MS,
    gcTime: 0,
    refetchInterval: phase === 'passed' ? false : PUZZLE_REFRESH_MS,
    refetchOnWindowFocus: false,
  });
  const data = puzzle.data;
  const ratio = position.puzzleId === data?.id ? position.ratio : 0;
  const setRatio = (next: number) => setPosition({ puzzleId: data?.id, ratio: next });

  const renew = () => {
    onChange(null);
    setPhase('idle');
    setError(null);
    void puzzle.refetch();
  };

  const drop = async (finalRatio: number) => {
    const current = drag.current;
    if (!data || !current) return;
    drag.current = null;
    const x = pieceX(finalRatio, data);
    setPhase('checking');
    try {
      const pass = await verifySlider({ id: data.id, x, track: current.track.finish(x, performance.now()) });
      setError(null);
      setPhase('passed');
      onChange(pass.passToken);
    } catch (e) {
      // Any failure burns the puzzle on the server: shake, then a fresh picture.
      // A wrong drop has a short answer of its own; other failures (rate limit, network) say why.
      setError(e instanceof ApiError && e.status !== 400 ? e.message : null);
      setPhase('failed');
      onChange(null);
      window.setTimeout(() => {
        setPhase('idle');
        void puzzle.refetch();
      }, 600);
    }
  };

  const locked = !data || phase === 'checking' || phase === 'passed' || phase === 'failed';

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (locked || !data || !trackRef.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const travel = trackRef.current.getBoundingClientRect().width - HANDLE_PX;
    drag.current = {
      track: new DragTrack(performance.now(), pieceX(ratio, data)),
      startRatio: ratio,
      startX: e.clientX,
      travel,
    };
    setError(null);
    setPhase('dragging');
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || phase !== 'dragging' || !data) return;
    const next = ratioFromPointer(current.startRatio, current.startX, e.clientX, current.travel);
    setRatio(next);
    current.track.add(pieceX(next, data), performance.now());
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || phase !== 'dragging' || !data) return;
    void drop(ratioFromPointer(current.startRatio, current.startX, e.clientX, current.travel));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (locked || !data) return;
    const action = keyAction(e.key, e.shiftKey);
    if (!action) return;
    e.preventDefault();
    if (action === 'drop') {
      if (drag.current) void drop(ratio);
      return;
    }
    drag.current ??= {
      track: new DragTrack(performance.now(), pieceX(ratio, data)),
      startRatio: ratio,
      startX: 0,
      travel: 0,
    };
    const next = applyKey(ratio, action, data);
    setRatio(next);
    setPhase('dragging');
    drag.current.track.add(pieceX(next, data), performance.now());
  };

  return (
    <div className={`${styles.slider} ${phase === 'failed' ? styles.shake : ''}`} data-phase={phase}>
      <div
        className={styles.picture}
        style={{ aspectRatio: data ? `${data.width} / ${data.height}` : '310 / 160' }}
      >
        {data ? (
          <>
            <img className={styles.background} src={data.background} alt={t('signin.slider.pictureAlt')} />
            <img
              className={styles.piece}
              src={data.piece}
              alt=""
              style={{
                left: `${(pieceX(ratio, data) / data.width) * 100}%`,
                top: `${(data.pieceY / data.height) * 100}%`,
                width: `${(data.pieceSize / data.width) * 100}%`,
              }}
            />
          </>
        ) : (
          <div className={styles.placeholder}>
            {puzzle.isError ? puzzle.error.message : t('signin.slider.loading')}
          </div>
        )}
        {(phase === 'passed' || phase === 'failed') && (
          <div className={`${styles.banner} ${phase === 'passed' ? styles.ok : styles.bad}`} role="status">
            {phase === 'passed' ? t('signin.slider.passed') : (error ?? t('signin.slider.failed'))}
          </div>
        )}
        <button
          type="button"
          className={styles.refresh}
          onClick={renew}
          title={t('signin.slider.refresh')}
          aria-label={t('signin.slider.refresh')}
        >
          <ReloadOutlined spin={puzzle.isFetching} />
        </button>
      </div>
      <div className={styles.track} ref={trackRef}>
        <div
          className={styles.fill}
          style={{ width: `calc((100% - ${HANDLE_PX}px) * ${ratio} + ${HANDLE_PX}px)` }}
        />
        {(phase === 'idle' || phase === 'dragging') && (
          <span className={styles.prompt}>{t('signin.slider.prompt')}</span>
        )}
        <div
          className={styles.handle}
          role="slider"
          tabIndex={phase === 'passed' ? -1 : 0}
          aria-label={t('signin.slider.handleLabel')}
          aria-valuemin={0}
          aria-valuemax={data ? data.width - data.pieceSize : 0}
          aria-valuenow={data ? Math.round(pieceX(ratio, data)) : 0}
          aria-disabled={locked}
          style={{ left: `calc((100% - ${HANDLE_PX}px) * ${ratio})`, width: HANDLE_PX }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {phase === 'passed' ? (
            <CheckOutlined />
          ) : phase === 'failed' ? (
            <CloseOutlined />
          ) : (
            <ArrowRightOutlined />
          )}
        </div>
      </div>
    </div>
  );
}
