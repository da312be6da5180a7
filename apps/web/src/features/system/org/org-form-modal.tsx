import type { OrgInput, OrgNode } from '@lintel/contracts';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';
import { DictField } from '../../../shared/dict/dict-field';

export type OrgFormMode =
  { kind: 'add'; pid: string } | { kind: 'edit'; row: OrgNode } | { kind: 'copy'; row: OrgNode };

interface Props {
  mode: OrgFormMode | null;
  tree: OrgNode[];
  /** Whether the user may create roots (an "all data" scope); others pick a parent they can see. */
  allowRoot: boolean;
  /** Fields the caller's field blacklist hides: not shown (an edit leaves them as they are). */
  hidden?: ReadonlySet<string>;
  onSubmit(values: OrgInput, mode: OrgFormMode): Promise<void>;
  onClose(): void;
}

const toTreeData = (nodes: OrgNode[], disabledId?: string): object[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    // An organisation cannot move under itself or its own branch.
    disabled: n.id === disabledId,
    children: n.id === disabledId ? [] : toTreeData(n.children ?? [], disabledId),
  }));

/** Add, edit or copy an organisation (copy starts from a row's values with an empty code). */
export function OrgFormModal({ mode, tree, allowRoot, hidden, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgInput>();

  const values = useMemo(
    (): Partial<OrgInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { pid: mode.pid, orderNo: 100, status: 1 }
          : {
              pid: mode.row.pid,
              name: mode.row.name,
              code: mode.kind === 'copy' ? '' : (mode.row.code ?? ''),
              type: mode.row.type,
              orderNo: mode.row.orderNo,
              status: statusValue(mode.row.status),
              remark: mode.row.remark,
            },
    [mode],
  );

  const parents = [
    ...(allowRoot ? [{ value: '0', title: t('system.org.topLevel'), children: [] }] : []),
    ...toTreeData(tree, mode?.kind === 'edit' ? mode.row.id : undefined),
  ];
  const title = mode ? t(`system.org.${mode.kind}Title`) : '';

  return (
    <FormModal
      values={values}
      title={title}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
      width={640}
    >
      <Form.Item
        name="pid"
        label={t('system.org.parent')}
        rules={[{ required: true, message: t('system.org.parentRequired') }]}
      >
        <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('system.org.name')}
        rules={[{ required: true, whitespace: true, message: t('system.org.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      {!hidden?.has('code') && (
        <Form.Item
          name="code"
          label={t('system.org.code')}
          rules={[{ required: true, whitespace: true, message: t('system.org.codeRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="type" label={t('system.org.type')}>
        <DictField code="org_type" mode="select" />
      </Form.Item>
      <Form.Item name="orderNo" label={t('system.common.order')}>
        <InputNumber min={0} max={999999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('system.common.status')}>
        <StatusRadio />
      </Form.Item>
      <Form.Item name="remark" label={t('system.common.remark')}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
