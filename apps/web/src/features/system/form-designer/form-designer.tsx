import type { FormRow } from '@lintel/contracts';
import { ArrowLeftOutlined, HistoryOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Card, Col, Flex, Modal, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { SchemaForm } from '../../../shared/form-render/schema-form';
import { usePermissions } from '../../../shared/permission/permissions';
import { DesignCanvas, Palette } from './design-canvas';
import {
  designProblems,
  fromSchemas,
  newField,
  toSchemas,
  type FieldDesign,
  type FieldKind,
} from './design-model';
import { FieldProperties } from './field-properties';
import { publishForm, updateForm } from './form-designer-api';
import type { FormJsonSchema, FormUiSchema } from '../../../shared/form-render/schema-form';
import { VersionsDrawer } from './versions-drawer';

interface Props {
  form: FormRow;
  onBack(): void;
  /** After a save or a publication: the list and this form are read again. */
  onChanged(): void;
}

/**
 * The designer of one form: a palette (click, Enter or drag to add), the canvas (drag or keyboard
 * to reorder: the handle, Space, arrows, Space), the selected field's properties, a live preview
 * through the renderer, save draft, publish (confirmed) and the version history.
 */
export function FormDesigner({ form, onBack, onChanged }: Props) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [modal, modalHolder] = Modal.useModal();
  const [fields, setFields] = useState<FieldDesign[]>(() =>
    fromSchemas(form.schema as FormJsonSchema, form.uiSchema as FormUiSchema),
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [paletteDrag, setPaletteDrag] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const problems = designProblems(fields);
  const invalid = new Set(problems.map((p) => p.uid));
  const schemas = useMemo(() => toSchemas(fields), [fields]);
  const current = fields.find((f) => f.uid === selected) ?? null;

  const change = (next: FieldDesign[]) => {
    setFields(next);
    setDirty(true);
  };
  const add = (kind: FieldKind, at = fields.length) => {
    const field = newField(kind, fields, t(`formDes.kinds.${kind}`));
    change([...fields.slice(0, at), field, ...fields.slice(at)]);
    setSelected(field.uid);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setPaletteDrag(false);
    const kind = active.data.current?.kind as FieldKind | undefined;
    if (kind) {
      if (!over) return;
      const at = fields.findIndex((f) => f.uid === over.id);
      add(kind, at < 0 ? fields.length : at);
      return;
    }
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.uid === active.id);
    const to = fields.findIndex((f) => f.uid === over.id);
    if (from >= 0 && to >= 0) change(arrayMove(fields, from, to));
  };

  const save = async () => {
    if (problems.length > 0) {
      notifier().error(t('formDes.fixProblems'));
      setSelected(problems[0]!.uid);
      return false;
    }
    setBusy(true);
    try {
      await updateForm({
        id: form.id,
        name: form.name,
        code: form.code,
        title: form.title,
        description: form.description,
        status: form.status as 1 | 2,
        ...schemas,
      });
      setDirty(false);
      onChanged();
      return true;
    } finally {
      setBusy(false);
    }
  };
  const confirmPublish = () =>
    modal.confirm({
      title: t('formDes.publishConfirmTitle', { name: form.name }),
      content: t('formDes.publishConfirm', { version: form.publishedVersion + 1 }),
      okText: t('formDes.publish'),
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        if (!(await save())) return;
        const { version } = await publishForm(form.id);
        notifier().success(t('formDes.published', { version }));
        onChanged();
      },
    });

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
              {t('formDes.back')}
            </Button>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {form.name}
            </Typography.Text>
            <Tag color={form.publishedVersion > 0 ? 'success' : 'default'}>
              {form.publishedVersion > 0
                ? t('formDes.versionN', { n: form.publishedVersion })
                : t('formDes.unpublished')}
            </Tag>
            {dirty && <Tag color="warning">{t('formDes.unsaved')}</Tag>}
          </Space>
          <Space wrap>
            {has('sysForm:versions') && (
              <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
                {t('formDes.versions')}
              </Button>
            )}
            {has('sysForm:update') && (
              <Button
                icon={<SaveOutlined />}
                loading={busy}
                onClick={() => void save().then((ok) => ok && notifier().success(t('formDes.saved')))}
              >
                {t('formDes.saveDraft')}
              </Button>
            )}
            {has('sysForm:publish') && has('sysForm:update') && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={fields.length === 0}
                onClick={confirmPublish}
              >
                {t('formDes.publish')}
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
      <DndContext
        sensors={sensors}
        onDragStart={({ active }) => setPaletteDrag(Boolean(active.data.current?.kind))}
        onDragCancel={() => setPaletteDrag(false)}
        onDragEnd={onDragEnd}
      >
        <Row gutter={12}>
          <Col xs={24} md={5} xl={4}>
            <Palette onAdd={(kind) => add(kind)} />
          </Col>
          <Col xs={24} md={12} xl={13}>
            <Card size="small">
              <Tabs
                items={[
                  {
                    key: 'design',
                    label: t('formDes.design'),
                    children: (
                      <DesignCanvas
                        fields={fields}
                        selected={selected}
                        invalid={invalid}
                        acceptsPalette={paletteDrag}
                        onSelect={setSelected}
                        onRemove={(uid) => {
                          change(fields.filter((f) => f.uid !== uid));
                          if (selected === uid) setSelected(null);
                        }}
                      />
                    ),
                  },
                  {
                    key: 'preview',
                    label: t('formDes.preview'),
                    children: (
                      <SchemaForm
                        key={JSON.stringify(schemas)}
                        schema={schemas.schema}
                        uiSchema={schemas.uiSchema}
                        ariaLabel={t('formDes.preview')}
                        onSubmit={() => notifier().success(t('formDes.previewValid'))}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} md={7} xl={7}>
            <FieldProperties
              field={current}
              duplicate={problems.some((p) => p.uid === current?.uid && p.problem === 'duplicate')}
              onChange={(patch) =>
                change(fields.map((f) => (f.uid === current?.uid ? { ...f, ...patch } : f)))
              }
            />
          </Col>
        </Row>
      </DndContext>
      <VersionsDrawer form={versionsOpen ? form : null} onClose={() => setVersionsOpen(false)} />
    </Flex>
  );
}
