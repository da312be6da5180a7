import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import type { CSSProperties, PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_KINDS, type FieldDesign, type FieldKind } from './design-model';

/** The drag id of a palette entry; the canvas drop target and field cards use the field's uid. */
export const paletteId = (kind: FieldKind) => `palette:${kind}`;
export const CANVAS_ID = 'canvas';

const moved = (transform: { x: number; y: number } | null): CSSProperties | undefined =>
  transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;

/**
 * One palette entry: a button that adds the field at the end (mouse, touch or keyboard), and that
 * can also be dragged with the pointer onto the canvas, to a chosen place.
 */
function PaletteItem({ kind, onAdd }: { kind: FieldKind; onAdd(kind: FieldKind): void }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: paletteId(kind),
    data: { kind },
  });
  return (
    <Button
      ref={setNodeRef}
      block
      icon={<PlusOutlined />}
      style={{ justifyContent: 'flex-start', opacity: isDragging ? 0.6 : 1, ...moved(transform) }}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLElement> | undefined}
      onClick={() => onAdd(kind)}
      aria-label={t('formDes.addField', { kind: t(`formDes.kinds.${kind}`) })}
    >
      {t(`formDes.kinds.${kind}`)}
    </Button>
  );
}

export function Palette({ onAdd }: { onAdd(kind: FieldKind): void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('formDes.palette')}>
      <Flex vertical gap={6} role="group" aria-label={t('formDes.palette')}>
        {FIELD_KINDS.map((kind) => (
          <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
        ))}
      </Flex>
    </Card>
  );
}

interface CardProps {
  field: FieldDesign;
  selected: boolean;
  invalid: boolean;
  onSelect(): void;
  onRemove(): void;
}

/** A field on the canvas: its handle reorders it (pointer, or Space then arrows), a click selects it. */
function FieldCard({ field, selected, invalid, onSelect, onRemove }: CardProps) {
  const { t } = useTranslation();
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: field.uid,
  });
  return (
    <Col
      span={field.span}
      ref={setNodeRef}
      style={{ ...moved(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <Card
        size="small"
        style={{
          marginBottom: 8,
          borderColor: invalid ? 'var(--ant-color-error)' : selected ? 'var(--ant-color-primary)' : undefined,
          borderWidth: selected ? 2 : 1,
        }}
        data-testid={`field-${field.name}`}
      >
        <Flex align="center" gap={4}>
          <Button
            type="text"
            size="small"
            icon={<HolderOutlined />}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
            aria-label={t('formDes.dragField', { label: field.label })}
          />
          <Button
            type="text"
            style={{ flex: 1, justifyContent: 'flex-start', minWidth: 0, height: 'auto', padding: '2px 6px' }}
            onClick={onSelect}
            aria-pressed={selected}
          >
            <Flex vertical align="flex-start" style={{ minWidth: 0, maxWidth: '100%' }}>
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {field.required && (
                  <span aria-hidden="true" style={{ color: 'var(--ant-color-error)' }}>
                    *{' '}
                  </span>
                )}
                {field.label}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
                {t(`formDes.kinds.${field.kind}`)} · {field.name}
              </Typography.Text>
            </Flex>
          </Button>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('formDes.removeField', { label: field.label })}
          />
        </Flex>
      </Card>
    </Col>
  );
}

interface CanvasProps {
  fields: FieldDesign[];
  selected: string | null;
  invalid: ReadonlySet<string>;
  /** A palette entry is being dragged: only then is the canvas itself a drop target. */
  acceptsPalette: boolean;
  onSelect(uid: string): void;
  onRemove(uid: string): void;
}

/** The form being designed: fields in the 24-column grid, in order; a drop target for the palette. */
export function DesignCanvas({ fields, selected, invalid, acceptsPalette, onSelect, onRemove }: CanvasProps) {
  const { t } = useTranslation();
  // While a field is reordered the canvas is no target, or the keyboard's arrows would land on it.
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID, disabled: !acceptsPalette });
  return (
    <div
      ref={setNodeRef}
      style={{
        minHeight: 240,
        padding: 8,
        borderRadius: 8,
        border: `1px dashed ${isOver ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
      }}
      aria-label={t('formDes.canvas')}
      role="region"
    >
      {fields.length === 0 ? (
        <Empty description={t('formDes.emptyCanvas')} />
      ) : (
        <SortableContext items={fields.map((f) => f.uid)} strategy={rectSortingStrategy}>
          <Row gutter={8}>
            {fields.map((field) => (
              <FieldCard
                key={field.uid}
                field={field}
                selected={field.uid === selected}
                invalid={invalid.has(field.uid)}
                onSelect={() => onSelect(field.uid)}
                onRemove={() => onRemove(field.uid)}
              />
            ))}
          </Row>
        </SortableContext>
      )}
    </div>
  );
}
