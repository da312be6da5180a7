import { Button, Card } from 'antd';
import { useState } from 'react';
import GridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import { DemoCard } from '../demo-card';

const INITIAL: Layout = [
  { i: 'a', x: 0, y: 0, w: 4, h: 2 },
  { i: 'b', x: 4, y: 0, w: 4, h: 2 },
  { i: 'c', x: 8, y: 0, w: 4, h: 2 },
  { i: 'd', x: 0, y: 2, w: 6, h: 2 },
  { i: 'e', x: 6, y: 2, w: 6, h: 2 },
];

/** Drag and resize cards on a 12-column grid (react-grid-layout); the layout is listed below. */
export default function GridLayoutDemo() {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  const [layout, setLayout] = useState<Layout>(INITIAL);
  return (
    <DemoCard
      title="routes.demoGridLayout"
      intro="demo.grid.intro"
      extra={<Button onClick={() => setLayout(INITIAL)}>{t('demo.grid.reset')}</Button>}
    >
      <div ref={containerRef} data-testid="grid-layout">
        {mounted && (
          <GridLayout
            width={width}
            layout={layout}
            gridConfig={{ cols: 12, rowHeight: 40 }}
            onLayoutChange={setLayout}
          >
            {layout.map((item) => (
              <div key={item.i}>
                <Card
                  size="small"
                  style={{ height: '100%', cursor: 'move' }}
                  title={t('demo.grid.card', { name: item.i.toUpperCase() })}
                >
                  {t('demo.grid.place', { x: item.x, y: item.y, w: item.w, h: item.h })}
                </Card>
              </div>
            ))}
          </GridLayout>
        )}
      </div>
    </DemoCard>
  );
}
