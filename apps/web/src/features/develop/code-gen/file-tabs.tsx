import { Typography, theme } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { GeneratedFileRow } from '@lintel/contracts';

/**
 * The tab label of each file: its name, with its folder where two files share a name (the locale
 * files of every language are all `<locale>.json`; their folder tells the module's area apart).
 */
export function fileLabels(files: readonly GeneratedFileRow[]): string[] {
  const base = (path: string) => path.split('/').pop() ?? path;
  const count = new Map<string, number>();
  for (const file of files) count.set(base(file.path), (count.get(base(file.path)) ?? 0) + 1);
  return files.map((file) => {
    const name = base(file.path);
    if ((count.get(name) ?? 0) < 2) return name;
    return file.path.split('/').slice(-2).join('/');
  });
}

/**
 * One tab per file, listed down the left (a module has some thirty files, more than a tab bar
 * holds), the chosen file's path and code on the right. The tab list follows the WAI-ARIA tabs
 * pattern: one tab stop, arrow keys, Home and End move between files.
 */
export function FileTabs({
  files,
  label,
  height,
}: {
  files: GeneratedFileRow[];
  label: string;
  height: string;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const labels = fileLabels(files);
  const current = files[Math.min(active, files.length - 1)];

  const go = (index: number) => {
    const next = (index + files.length) % files.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => go(active + 1),
      ArrowRight: () => go(active + 1),
      ArrowUp: () => go(active - 1),
      ArrowLeft: () => go(active - 1),
      Home: () => go(0),
      End: () => go(files.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div style={{ display: 'flex', gap: 16, height }}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="vertical"
        onKeyDown={onKeyDown}
        style={{
          flex: '0 0 240px',
          overflowY: 'auto',
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          paddingInlineEnd: 8,
        }}
      >
        {files.map((file, i) => (
          <button
            key={file.path}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1}
            title={file.path}
            onClick={() => setActive(i)}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'start',
              padding: '5px 10px',
              marginBottom: 2,
              border: 0,
              borderRadius: token.borderRadiusSM,
              cursor: 'pointer',
              font: 'inherit',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              color: i === active ? token.colorPrimaryText : token.colorText,
              background: i === active ? token.controlItemBgActive : 'transparent',
              fontWeight: i === active ? 600 : undefined,
            }}
          >
            {labels[i]}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${active}`}
          style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          <Typography.Text code copyable={{ text: current.path }} style={{ wordBreak: 'break-all' }}>
            {current.path}
          </Typography.Text>
          <pre
            tabIndex={0}
            aria-label={current.path}
            style={{
              flex: 1,
              margin: 0,
              overflow: 'auto',
              padding: 12,
              fontSize: 12,
              lineHeight: 1.5,
              fontFamily: token.fontFamilyCode,
              background: token.colorFillQuaternary,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              whiteSpace: 'pre',
            }}
          >
            {current.content}
          </pre>
        </div>
      )}
    </div>
  );
}
