import type { PrintElement } from '@lintel/contracts';
import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { elementHtml, sheetSize } from '../../../../shared/print/print-render';
import type { PrintRecord } from '../../../../shared/print/print-values';
import { contentArea, keepInside, snap, type Draft } from './designer-model';
import styles from './print-designer.module.css';

/** CSS pixels per millimetre (96 per inch). */
export const PX_PER_MM = 96 / 25.4;

interface Props {
  draft: Draft;
  sample: PrintRecord;
  selectedId: string | null;
  zoom: number;
  /** Snap step in mm. */
  grid: number;
  onSelect(id: string | null): void;
  onChange(element: PrintElement): void;
  onRemove(id: string): void;
}

interface Drag {
  id: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: PrintElement;
}

/**
 * The sheet at its size in millimetres, zoomed: the elements as the renderer draws them (with the
 * sample data), and above them one handle per element to select, drag (pointer events, snapped to
 * the grid), resize (the corner) and move by keyboard (arrows by one grid step, Shift by ten;
 * Alt + arrows resize; Delete removes).
 */
export function PrintCanvas({ draft, sample, selectedId, zoom, grid, onSelect, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const { width, height } = sheetSize(draft);
  const scale = PX_PER_MM * zoom;
  const area = contentArea(draft);
  const elements = draft.template.elements;
  const drag = useRef<Drag | null>(null);
  // Built by the renderer: every value in it is escaped.
  const html = useMemo(() => elements.map((e) => elementHtml(e, sample)).join(''), [elements, sample]);

  const start = (event: PointerEvent, e: PrintElement, mode: Drag['mode']) => {
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    onSelect(e.id);
    drag.current = { id: e.id, mode, startX: event.clientX, startY: event.clientY, origin: e };
  };
  const move = (event: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.startX) / scale;
    const dy = (event.clientY - d.startY) / scale;
    const o = d.origin;
    const next =
      d.mode === 'move'
        ? { ...o, x: snap(o.x + dx, grid), y: snap(o.y + dy, grid) }
        : { ...o, w: Math.max(grid, snap(o.w + dx, grid)), h: Math.max(grid, snap(o.h + dy, grid)) };
    onChange(keepInside(next, area));
  };
  const end = () => {
    drag.current = null;
  };

  const key = (event: KeyboardEvent, e: PrintElement) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      return onRemove(e.id);
    }
    const step = event.shiftKey ? grid * 10 : grid;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const next = event.altKey
      ? { ...e, w: e.w + d[0], h: e.h + d[1] }
      : { ...e, x: e.x + d[0], y: e.y + d[1] };
    onChange(keepInside(next, area));
  };

  const mm = (n: number) => `${n}mm`;
  return (
    <div className={styles.viewport} onPointerDown={() => onSelect(null)}>
      <div className={styles.sized} style={{ width: width * scale, height: height * scale }}>
        <div className={styles.scaled} style={{ transform: `scale(${zoom})` }}>
          <div
            className="lp-page"
            data-testid="print-canvas"
            style={{
              width: mm(width),
              height: mm(height),
              padding: [draft.marginTop, draft.marginRight, draft.marginBottom, draft.marginLeft]
                .map(mm)
                .join(' '),
            }}
          >
            <div
              className={`lp-area ${styles.grid}`}
              style={{ backgroundSize: `${mm(Math.max(grid, 5))} ${mm(Math.max(grid, 5))}` }}
            >
              <div className={styles.layer} dangerouslySetInnerHTML={{ __html: html }} />
              <div className={styles.layer} onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
                {elements.map((e) => (
                  <div
                    key={e.id}
                    role="button"
                    tabIndex={0}
                    aria-label={t('print.canvas.element', {
                      kind: t(`print.kind.${e.kind}`),
                      x: e.x,
                      y: e.y,
                    })}
                    aria-pressed={e.id === selectedId}
                    data-testid={`element-${e.id}`}
                    className={e.id === selectedId ? `${styles.hit} ${styles.selected}` : styles.hit}
                    style={{ left: mm(e.x), top: mm(e.y), width: mm(e.w), height: mm(e.h) }}
                    onPointerDown={(event) => start(event, e, 'move')}
                    onPointerMove={move}
                    onPointerUp={end}
                    onFocus={() => onSelect(e.id)}
                    onKeyDown={(event) => key(event, e)}
                  >
                    {e.id === selectedId && (
                      <span
                        aria-hidden="true"
                        className={styles.handle}
                        onPointerDown={(event) => start(event, e, 'resize')}
                        onPointerMove={move}
                        onPointerUp={end}
                      />
                    )}
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
