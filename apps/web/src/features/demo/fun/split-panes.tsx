import { Group, Panel, Separator } from 'react-resizable-panels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard } from '../demo-card';

const pane: React.CSSProperties = { padding: 12, height: '100%', overflow: 'auto' };
const bar = (vertical: boolean): React.CSSProperties => ({
  background: 'var(--ant-color-border, #d9d9d9)',
  [vertical ? 'height' : 'width']: 6,
});

/** Resizable split panes (react-resizable-panels): drag a separator, or focus it and use the arrow keys. */
export default function SplitPanesDemo() {
  const { t } = useTranslation();
  const [sizes, setSizes] = useState<Record<string, number>>({});
  return (
    <DemoCard title="routes.demoSplitPanes" intro="demo.split.intro">
      <div
        style={{ height: 360, border: '1px solid var(--ant-color-border, #d9d9d9)' }}
        data-testid="split-panes"
      >
        <Group orientation="horizontal" onLayoutChange={setSizes}>
          <Panel id="left" defaultSize="30%" minSize="15%">
            <div style={pane}>{t('demo.split.left', { size: Math.round(sizes.left ?? 30) })}</div>
          </Panel>
          <Separator style={bar(false)} aria-label={t('demo.split.handle')} />
          <Panel id="right" minSize="20%">
            <Group orientation="vertical">
              <Panel id="top" defaultSize="50%" minSize="20%">
                <div style={pane}>{t('demo.split.top')}</div>
              </Panel>
              <Separator style={bar(true)} aria-label={t('demo.split.handle')} />
              <Panel id="bottom" minSize="20%">
                <div style={pane}>{t('demo.split.bottom')}</div>
              </Panel>
            </Group>
          </Panel>
        </Group>
      </div>
    </DemoCard>
  );
}
