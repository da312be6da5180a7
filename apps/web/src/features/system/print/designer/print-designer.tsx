import type { PrintElement, PrintElementKind } from '@lintel/contracts';
import {
  ArrowLeftOutlined,
  BarcodeOutlined,
  BorderOutlined,
  EyeOutlined,
  FieldStringOutlined,
  FontSizeOutlined,
  LineOutlined,
  PictureOutlined,
  QrcodeOutlined,
  SaveOutlined,
  TableOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { AutoComplete, Button, Card, Flex, Input, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../../shared/api/notify';
import { PrintPreviewModal } from '../../../../shared/print/print-preview';
import { SHEET_CSS, sheetSize } from '../../../../shared/print/print-render';
import type { PrintRecord } from '../../../../shared/print/print-values';
import { addPrintTemplate, updatePrintTemplate } from '../print-api';
import {
  BIZ_TYPES,
  contentArea,
  ELEMENT_KINDS,
  keepInside,
  newElement,
  newId,
  SAMPLE_DATA,
  type Draft,
} from './designer-model';
import { ElementProperties } from './element-properties';
import { PrintCanvas, PX_PER_MM } from './print-canvas';
import styles from './print-designer.module.css';
import { Prop } from './property-fields';
import { SheetSettings } from './sheet-settings';

const ICONS: Record<PrintElementKind, ReactNode> = {
  text: <FontSizeOutlined />,
  field: <FieldStringOutlined />,
  table: <TableOutlined />,
  barcode: <BarcodeOutlined />,
  qrcode: <QrcodeOutlined />,
  image: <PictureOutlined />,
  line: <LineOutlined />,
  rect: <BorderOutlined />,
};

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

interface Props {
  /** The template to edit, with its id once saved. */
  initial: Draft & { id?: string };
  onSaved(id: string): void;
  onBack(): void;
}

/**
 * The template designer: a palette of element kinds, the sheet (zoomable, snapped to a grid), and a
 * panel for the selected element, the page and the sample data the canvas and preview bind.
 */
export function PrintDesigner({ initial, onSaved, onBack }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initial);
  const [id, setId] = useState(initial.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [grid, setGrid] = useState(1);
  const [sampleText, setSampleText] = useState(() =>
    JSON.stringify(SAMPLE_DATA[initial.bizType] ?? {}, null, 2),
  );
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const sheetArea = useRef<HTMLDivElement>(null);

  // Opens at the largest zoom at which the whole sheet width fits the space the canvas has.
  useEffect(() => {
    const room = (sheetArea.current?.clientWidth ?? 0) - 40;
    const sheetPx = sheetSize(initial).width * PX_PER_MM;
    setZoom([...ZOOMS].reverse().find((z) => z <= 1 && z * sheetPx <= room) ?? ZOOMS[0]!);
  }, [initial]);

  const sample = useMemo((): { data: PrintRecord; error: boolean } => {
    try {
      const parsed: unknown = JSON.parse(sampleText || '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? { data: parsed as PrintRecord, error: false }
        : { data: {}, error: true };
    } catch {
      return { data: {}, error: true };
    }
  }, [sampleText]);

  const elements = draft.template.elements;
  const selected = elements.find((e) => e.id === selectedId);
  const setElements = (next: PrintElement[]) => setDraft((d) => ({ ...d, template: { elements: next } }));
  const change = (e: PrintElement) => setElements(elements.map((x) => (x.id === e.id ? e : x)));
  const remove = (removed: string) => {
    setElements(elements.filter((x) => x.id !== removed));
    setSelectedId(null);
  };
  const add = (kind: PrintElementKind) => {
    const offset = (elements.length % 10) * 8;
    const element = keepInside(newElement(kind, newId(elements), 5, 5 + offset), contentArea(draft));
    setElements([...elements, element]);
    setSelectedId(element.id);
  };

  const save = async () => {
    if (!draft.name.trim()) return notifier().error(t('print.nameRequired'));
    setSaving(true);
    try {
      const saved = id ? (await updatePrintTemplate({ ...draft, id }), id) : await addPrintTemplate(draft);
      setId(saved);
      notifier().success(t('system.common.saved'));
      onSaved(saved);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      {/* The sheet's own classes (lp-*), as the print document has them. */}
      <style>{SHEET_CSS}</style>
      <Card size="small">
        <Flex gap={12} wrap align="end">
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('print.back')}
          </Button>
          <Prop label={t('print.name')}>
            {(fieldId) => (
              <Input
                id={fieldId}
                value={draft.name}
                maxLength={64}
                style={{ width: 220 }}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            )}
          </Prop>
          <Prop label={t('print.bizType')}>
            {(fieldId) => (
              <AutoComplete
                id={fieldId}
                value={draft.bizType}
                style={{ width: 180 }}
                options={BIZ_TYPES.map((b) => ({ value: b, label: `${b} · ${t(`routes.${b}`)}` }))}
                onChange={(bizType: string) => setDraft({ ...draft, bizType })}
              />
            )}
          </Prop>
          <Space style={{ marginLeft: 'auto', marginBottom: 8 }}>
            <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
              {t('print.preview.open')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              {t('system.common.save')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Flex gap={12} align="start">
        <Card size="small" className={styles.palette} title={t('print.palette')}>
          <Flex vertical gap={6}>
            {ELEMENT_KINDS.map((kind) => (
              <Button
                key={kind}
                icon={ICONS[kind]}
                onClick={() => add(kind)}
                style={{ justifyContent: 'flex-start' }}
              >
                {t(`print.kind.${kind}`)}
              </Button>
            ))}
          </Flex>
        </Card>
        <Card
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          title={t('print.canvas.title')}
          extra={
            <Space>
              <Button
                size="small"
                icon={<ZoomOutOutlined />}
                aria-label={t('print.canvas.zoomOut')}
                disabled={zoom <= ZOOMS[0]!}
                onClick={() => setZoom(ZOOMS[Math.max(0, ZOOMS.indexOf(zoom) - 1)]!)}
              />
              <Typography.Text aria-live="polite">{Math.round(zoom * 100)}%</Typography.Text>
              <Button
                size="small"
                icon={<ZoomInOutlined />}
                aria-label={t('print.canvas.zoomIn')}
                disabled={zoom >= ZOOMS[ZOOMS.length - 1]!}
                onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + 1)]!)}
              />
              <Select
                size="small"
                aria-label={t('print.canvas.grid')}
                value={grid}
                style={{ width: 110 }}
                options={[0.5, 1, 2, 5].map((g) => ({ value: g, label: t('print.canvas.gridMm', { n: g }) }))}
                onChange={setGrid}
              />
            </Space>
          }
        >
          <div ref={sheetArea}>
            <PrintCanvas
              draft={draft}
              sample={sample.data}
              selectedId={selectedId}
              zoom={zoom}
              grid={grid}
              onSelect={setSelectedId}
              onChange={change}
              onRemove={remove}
            />
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {t('print.canvas.help')}
          </Typography.Paragraph>
        </Card>
        <Card size="small" className={styles.panel}>
          <Tabs
            size="small"
            items={[
              {
                key: 'element',
                label: t('print.tabs.element'),
                children: selected ? (
                  <ElementProperties
                    element={selected}
                    onChange={change}
                    onRemove={() => remove(selected.id)}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('print.noSelection')}</Typography.Text>
                ),
              },
              {
                key: 'sheet',
                label: t('print.tabs.sheet'),
                children: <SheetSettings draft={draft} onChange={setDraft} />,
              },
              {
                key: 'sample',
                label: t('print.tabs.sample'),
                children: (
                  <Prop label={t('print.sampleData')}>
                    {(fieldId) => (
                      <>
                        <Input.TextArea
                          id={fieldId}
                          value={sampleText}
                          status={sample.error ? 'error' : undefined}
                          autoSize={{ minRows: 12, maxRows: 24 }}
                          style={{ fontFamily: 'monospace', fontSize: 12 }}
                          onChange={(e) => setSampleText(e.target.value)}
                        />
                        {sample.error && (
                          <Typography.Text type="danger">{t('print.sampleInvalid')}</Typography.Text>
                        )}
                      </>
                    )}
                  </Prop>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
      <PrintPreviewModal
        sheet={previewing ? draft : null}
        records={[sample.data]}
        title={draft.name || t('print.untitled')}
        onClose={() => setPreviewing(false)}
      />
    </Flex>
  );
}
