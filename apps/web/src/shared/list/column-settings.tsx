import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Select, Tooltip, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, updateColumn, type ColumnPref, type Fixed } from './column-layout';
import type { ColumnSettings } from './use-column-settings';

const group = (p: ColumnPref | undefined) => p?.fixed ?? 'none';

/** The list of columns: show or hide, fix, and order by dragging or with the arrow buttons. */
function ColumnList({
  settings,
}: {
  settings: Pick<ColumnSettings<unknown>, 'layout' | 'titles' | 'change'>;
}) {
  const { t } = useTranslation();
  const { layout, titles, change } = settings;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const fixOptions: { value: string; label: string }[] = [
    { value: 'left', label: t('listkit.fixLeft') },
    { value: 'none', label: t('listkit.fixNone') },
    { value: 'right', label: t('listkit.fixRight') },
  ];

  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
    setDragged(null);
    setOver(null);
    if (Number.isInteger(from)) change(moveColumn(layout, from, to));
  };

  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}>
      {layout.map((pref, index) => {
        const title = titles[pref.key] ?? pref.key;
        // The arrows move within a group of fixing; the fixed groups always stay at the edges.
        const canUp = index > 0 && group(layout[index - 1]) === group(pref);
        const canDown = index < layout.length - 1 && group(layout[index + 1]) === group(pref);
        return (
          <li
            key={pref.key}
            data-testid={`column-${pref.key}`}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDragLeave={() => setOver((o) => (o === index ? null : o))}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDrop={(event) => drop(event, index)}
            style={{
              padding: '2px 0',
              borderTop:
                over === index && dragged !== null && dragged > index
                  ? '2px solid #0f59a4'
                  : '2px solid transparent',
              borderBottom:
                over === index && dragged !== null && dragged < index
                  ? '2px solid #0f59a4'
                  : '2px solid transparent',
              opacity: dragged === index ? 0.5 : 1,
            }}
          >
            <Flex align="center" gap={6}>
              <HolderOutlined style={{ cursor: 'grab', color: '#999' }} aria-hidden />
              <Checkbox
                checked={pref.visible}
                onChange={(e) => change(updateColumn(layout, pref.key, { visible: e.target.checked }))}
                style={{ flex: 1, minWidth: 120 }}
              >
                {title}
              </Checkbox>
              <Select
                size="small"
                style={{ width: 110 }}
                aria-label={t('listkit.fixOf', { title })}
                value={pref.fixed ?? 'none'}
                options={fixOptions}
                onChange={(value: string) =>
                  change(
                    updateColumn(layout, pref.key, { fixed: value === 'none' ? null : (value as Fixed) }),
                  )
                }
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('listkit.moveUp', { title })}
                disabled={!canUp}
                onClick={() => change(moveColumn(layout, index, index - 1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('listkit.moveDown', { title })}
                disabled={!canDown}
                onClick={() => change(moveColumn(layout, index, index + 1))}
              />
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The toolbar's column settings (SPEC 2 "List toolbars": column display and fixing, drag to sort):
 * what the user arranges here is kept per user and table, and both the table and the export follow it.
 */
export function ColumnSettingsButton<T>({ settings }: { settings: ColumnSettings<T> }) {
  const { t } = useTranslation();
  const shown = settings.layout.filter((p) => p.visible).length;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <Flex justify="space-between" align="center" gap={16}>
          <span>{t('listkit.columnsTitle')}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('listkit.columnsShown', { shown, total: settings.layout.length })}
          </Typography.Text>
        </Flex>
      }
      content={
        <Flex vertical gap={8}>
          <ColumnList settings={settings} />
          <Flex justify="flex-end">
            <Button size="small" onClick={settings.reset}>
              {t('listkit.restore')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Tooltip title={t('listkit.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('listkit.columns')} />
      </Tooltip>
    </Popover>
  );
}
