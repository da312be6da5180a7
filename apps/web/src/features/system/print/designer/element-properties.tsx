import type { PrintColumnDef, PrintElement, PrintFormat } from '@lintel/contracts';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadPrintImage } from '../print-api';
import { NumberProp, SelectProp, SwitchProp, TextProp } from './property-fields';

interface Props {
  element: PrintElement;
  onChange(element: PrintElement): void;
  onRemove(): void;
}

/** The selected element's position, size, style and the fields of its kind. */
export function ElementProperties({ element: e, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<PrintElement>) => onChange({ ...e, ...patch } as PrintElement);
  const formats: { value: PrintFormat; label: string }[] = (['text', 'date', 'number'] as const).map((f) => ({
    value: f,
    label: t(`print.format.${f}`),
  }));
  const box = (['x', 'y', 'w', 'h'] as const).map((k) => (
    <NumberProp
      key={k}
      label={t(`print.prop.${k}`)}
      value={e[k]}
      min={k === 'w' || k === 'h' ? 1 : 0}
      max={3000}
      step={0.5}
      onChange={(v) => set({ [k]: v })}
    />
  ));
  const textual = e.kind === 'text' || e.kind === 'field' || e.kind === 'table';

  return (
    <div>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`print.kind.${e.kind}`)}
        </Typography.Title>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove}>
          {t('print.remove')}
        </Button>
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 8 }}>{box}</div>

      {e.kind === 'text' && (
        <TextProp
          label={t('print.prop.text')}
          value={e.text}
          maxLength={2000}
          multiline
          onChange={(text) => set({ text })}
        />
      )}
      {(e.kind === 'field' || e.kind === 'table') && (
        <TextProp
          label={e.kind === 'table' ? t('print.prop.arrayField') : t('print.prop.field')}
          value={e.field}
          maxLength={160}
          onChange={(field) => set({ field })}
        />
      )}
      {e.kind === 'field' && (
        <>
          <SelectProp
            label={t('print.prop.format')}
            value={e.format}
            options={formats}
            onChange={(format) => set({ format: format ?? 'text' })}
          />
          {e.format === 'number' && (
            <NumberProp
              label={t('print.prop.digits')}
              value={e.digits ?? 2}
              min={0}
              max={6}
              onChange={(digits) => set({ digits })}
            />
          )}
          <TextProp
            label={t('print.prop.label')}
            value={e.label}
            maxLength={200}
            onChange={(label) => set({ label })}
          />
        </>
      )}
      {e.kind === 'table' && <ColumnsEditor columns={e.columns} onChange={(columns) => set({ columns })} />}
      {(e.kind === 'barcode' || e.kind === 'qrcode') && (
        <>
          <TextProp
            label={t('print.prop.field')}
            value={e.field}
            maxLength={160}
            placeholder={t('print.prop.fieldOrValue')}
            onChange={(field) => set({ field: field || undefined })}
          />
          <TextProp
            label={t('print.prop.value')}
            value={e.value}
            maxLength={e.kind === 'barcode' ? 80 : 500}
            onChange={(value) => set({ value })}
          />
        </>
      )}
      {e.kind === 'barcode' && (
        <SwitchProp
          label={t('print.prop.showText')}
          value={e.showText ?? true}
          onChange={(showText) => set({ showText })}
        />
      )}
      {e.kind === 'image' && (
        <>
          <TextProp
            label={t('print.prop.src')}
            value={e.src}
            maxLength={1024}
            onChange={(src) => set({ src })}
          />
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              const blob = file as File;
              uploadPrintImage(blob, blob.name)
                .then((row) => {
                  set({ src: row.url });
                  onSuccess?.(row);
                })
                .catch((error: Error) => onError?.(error));
            }}
          >
            <Button size="small" icon={<UploadOutlined />} style={{ marginBottom: 8 }}>
              {t('print.upload')}
            </Button>
          </Upload>
        </>
      )}
      {textual && (
        <>
          <NumberProp
            label={t('print.prop.fontSize')}
            value={e.fontSize ?? 10}
            min={4}
            max={96}
            onChange={(fontSize) => set({ fontSize })}
          />
          <SwitchProp label={t('print.prop.bold')} value={!!e.bold} onChange={(bold) => set({ bold })} />
          <SelectProp
            label={t('print.prop.align')}
            value={e.align ?? 'left'}
            options={(['left', 'center', 'right'] as const).map((a) => ({
              value: a,
              label: t(`print.align.${a}`),
            }))}
            onChange={(align) => set({ align })}
          />
        </>
      )}
      <NumberProp
        label={t('print.prop.border')}
        value={e.border ?? (e.kind === 'rect' || e.kind === 'line' ? 1 : 0)}
        min={0}
        max={8}
        onChange={(border) => set({ border })}
      />
    </div>
  );
}

function ColumnsEditor({
  columns,
  onChange,
}: {
  columns: PrintColumnDef[];
  onChange(columns: PrintColumnDef[]): void;
}) {
  const { t } = useTranslation();
  const setAt = (i: number, patch: Partial<PrintColumnDef>) =>
    onChange(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div>
      <Typography.Text strong>{t('print.prop.columns')}</Typography.Text>
      {columns.map((c, i) => (
        <div
          key={i}
          style={{
            border: '1px solid var(--ant-color-border, #d9d9d9)',
            borderRadius: 4,
            padding: 6,
            margin: '4px 0',
          }}
        >
          <TextProp
            label={t('print.prop.columnTitle', { n: i + 1 })}
            value={c.title}
            maxLength={64}
            onChange={(title) => setAt(i, { title })}
          />
          <TextProp
            label={t('print.prop.columnField', { n: i + 1 })}
            value={c.field}
            maxLength={160}
            onChange={(field) => setAt(i, { field })}
          />
          <Flex gap={8} align="end">
            <NumberProp
              label={t('print.prop.columnWidth', { n: i + 1 })}
              value={c.width}
              min={1}
              max={1000}
              onChange={(width) => setAt(i, { width })}
            />
            <Button
              size="small"
              aria-label={t('print.prop.removeColumn', { n: i + 1 })}
              icon={<DeleteOutlined />}
              disabled={columns.length === 1}
              onClick={() => onChange(columns.filter((_, j) => j !== i))}
              style={{ marginBottom: 8 }}
            />
          </Flex>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={columns.length >= 20}
        onClick={() => onChange([...columns, { title: t('print.prop.newColumn'), field: 'name', width: 30 }])}
        style={{ marginBottom: 8 }}
      >
        {t('print.prop.addColumn')}
      </Button>
    </div>
  );
}
