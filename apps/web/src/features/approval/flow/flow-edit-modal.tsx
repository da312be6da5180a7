import type { ApprovalFlowInput, ApprovalFlowRow, FlowGraph, FormBinding } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { approvalKeys, publishedForms } from '../approval-api';
import { FlowDesigner } from './flow-designer';
import { parseGraph, starterGraph, type NodeType } from './flow-model';

export type FlowEditMode = { kind: 'add' } | { kind: 'edit'; row: ApprovalFlowRow };

type Values = { name: string; code?: string | null; status: 1 | 2; remark?: string | null; form: string };
const BUILTIN = 'builtin';

const bindingOf = (row?: ApprovalFlowRow): string => {
  try {
    const binding = JSON.parse(row?.formJson ?? '') as FormBinding;
    return binding.kind === 'form' ? binding.formId : BUILTIN;
  } catch {
    return BUILTIN;
  }
};

/** Adds or edits a flow definition: its fields, the form it binds and its diagram. */
export function FlowEditModal({
  mode,
  onSubmit,
  onClose,
}: {
  mode: FlowEditMode | null;
  onSubmit(values: ApprovalFlowInput, mode: FlowEditMode): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const graph = useRef<FlowGraph | null>(null);
  const forms = useQuery({ queryKey: approvalKeys.forms, queryFn: publishedForms, enabled: !!mode });
  const row = mode?.kind === 'edit' ? mode.row : undefined;
  const initial = useMemo(() => {
    if (!mode) return null;
    const names = Object.fromEntries(
      (['start', 'approver', 'condition', 'end'] as NodeType[]).map((k) => [k, t(`approval.node.${k}`)]),
    ) as Record<NodeType, string>;
    return parseGraph(row?.flowJson) ?? starterGraph(names);
  }, [mode, row, t]);
  const values = useMemo(
    () =>
      mode
        ? {
            name: row?.name ?? '',
            code: row?.code ?? '',
            status: (row?.status ?? 1) as 1 | 2,
            remark: row?.remark ?? '',
            form: bindingOf(row),
          }
        : null,
    [mode, row],
  );
  const track = useCallback((next: FlowGraph) => {
    graph.current = next;
  }, []);

  return (
    <FormModal<Values>
      values={values}
      title={mode?.kind === 'edit' ? t('approval.flow.editTitle') : t('approval.flow.addTitle')}
      form={form}
      width={1180}
      onClose={onClose}
      onSubmit={async (v) => {
        const binding: FormBinding =
          v.form === BUILTIN ? { kind: 'builtin' } : { kind: 'form', formId: v.form };
        await onSubmit(
          {
            name: v.name,
            code: v.code || null,
            status: v.status,
            remark: v.remark || null,
            formJson: JSON.stringify(binding),
            flowJson: JSON.stringify(graph.current ?? initial),
          },
          mode!,
        );
      }}
    >
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item
            name="name"
            label={t('approval.flow.name')}
            rules={[{ required: true, message: t('approval.flow.nameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="code" label={t('approval.flow.code')} tooltip={t('approval.flow.codeHint')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="form" label={t('approval.flow.form')}>
            <Select
              loading={forms.isLoading}
              options={[
                { value: BUILTIN, label: t('approval.flow.builtinForm') },
                ...(forms.data ?? []).map((f) => ({
                  value: f.id,
                  label: `${f.name} (v${f.publishedVersion})`,
                })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="status" label={t('system.common.status')}>
            <Radio.Group
              options={[
                { value: 1, label: t('system.common.enabled') },
                { value: 2, label: t('system.common.disabled') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="remark" label={t('system.common.remark')}>
            <Input maxLength={256} />
          </Form.Item>
        </Col>
      </Row>
      {initial && <FlowDesigner key={row?.id ?? 'new'} initial={initial} onChange={track} />}
    </FormModal>
  );
}
