import type { ApproverKind, EdgeRule, RuleOp } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, InputNumber, Select, Space, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { approvalKeys, listOrgs, listRoles } from '../approval-api';
import { AccountSelect } from './account-select';
import type { DesignEdge, DesignNode, FlowNodeData } from './flow-model';

const OPS: RuleOp[] = ['>', '>=', '<', '<=', '==', '!=', 'contains'];
const KINDS: ApproverKind[] = ['user', 'role', 'orgLeader'];

interface OrgOption {
  id: string;
  name: string;
  children: OrgOption[];
}
type OrgTreeNode = { value: string; title: string; children: OrgTreeNode[] };
const orgTree = (nodes: OrgOption[]): OrgTreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: orgTree(n.children ?? []) }));

/** The properties of the selected node: its name, its approvers, and a way to connect it by keyboard. */
export function NodeProperties({
  node,
  nodes,
  onChange,
  onConnect,
  onDelete,
}: {
  node: DesignNode;
  nodes: DesignNode[];
  onChange(data: Partial<FlowNodeData>): void;
  onConnect(target: string): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: approvalKeys.roles,
    queryFn: listRoles,
    enabled: node.data.type === 'approver',
  });
  const orgs = useQuery({
    queryKey: approvalKeys.orgs,
    queryFn: listOrgs,
    enabled: node.data.type === 'approver',
  });
  const approver = node.data.approver ?? { kind: 'user' as const, ids: [] };
  const setApprover = (next: Partial<typeof approver>) => onChange({ approver: { ...approver, ...next } });
  return (
    <Form layout="vertical" size="small" component={false}>
      <Typography.Text type="secondary">{t(`approval.node.${node.data.type}`)}</Typography.Text>
      <Form.Item label={t('approval.designer.nodeName')} htmlFor="approval-node-name">
        <Input
          id="approval-node-name"
          value={node.data.name}
          maxLength={64}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Form.Item>
      {node.data.type === 'approver' && (
        <>
          <Form.Item label={t('approval.designer.approverKind')} htmlFor="approval-kind">
            <Select
              id="approval-kind"
              value={approver.kind}
              options={KINDS.map((k) => ({ value: k, label: t(`approval.kind.${k}`) }))}
              onChange={(kind) => setApprover({ kind, ids: [], names: [] })}
            />
          </Form.Item>
          <Form.Item
            label={t(`approval.designer.pick_${approver.kind}`)}
            htmlFor="approval-ids"
            extra={approver.kind === 'orgLeader' ? t('approval.designer.orgLeaderHint') : undefined}
          >
            {approver.kind === 'user' ? (
              <AccountSelect
                id="approval-ids"
                ids={approver.ids}
                names={approver.names ?? []}
                onChange={(ids, names) => setApprover({ ids, names })}
              />
            ) : approver.kind === 'role' ? (
              <Select
                id="approval-ids"
                mode="multiple"
                value={approver.ids}
                loading={roles.isLoading}
                optionFilterProp="label"
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                onChange={(ids) => setApprover({ ids })}
              />
            ) : (
              <TreeSelect
                id="approval-ids"
                multiple
                allowClear
                value={approver.ids}
                loading={orgs.isLoading}
                treeData={orgTree((orgs.data ?? []) as OrgOption[])}
                treeDefaultExpandAll
                onChange={(ids: string[]) => setApprover({ ids })}
              />
            )}
          </Form.Item>
        </>
      )}
      {node.data.type !== 'end' && (
        <Form.Item label={t('approval.designer.connectTo')} htmlFor="approval-connect">
          <Select
            id="approval-connect"
            value={null}
            placeholder={t('approval.designer.connectPlaceholder')}
            options={nodes
              .filter((n) => n.id !== node.id && n.data.type !== 'start')
              .map((n) => ({ value: n.id, label: n.data.name }))}
            onChange={(target: string | null) => target && onConnect(target)}
          />
        </Form.Item>
      )}
      <Button danger onClick={onDelete}>
        {t('approval.designer.deleteNode')}
      </Button>
    </Form>
  );
}

/** A connection's rule: on edges leaving a condition node; none makes it the default branch. */
export function EdgeProperties({
  edge,
  fromCondition,
  onChange,
  onDelete,
}: {
  edge: DesignEdge;
  fromCondition: boolean;
  onChange(rule: EdgeRule | null): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const rule = edge.data?.rule ?? null;
  const numeric = typeof rule?.value === 'number';
  return (
    <Form layout="vertical" size="small" component={false}>
      <Typography.Text type="secondary">{t('approval.designer.edge')}</Typography.Text>
      {fromCondition ? (
        <>
          <Typography.Paragraph type="secondary">{t('approval.designer.ruleHint')}</Typography.Paragraph>
          <Space.Compact block>
            <Input
              aria-label={t('approval.designer.ruleField')}
              placeholder={t('approval.designer.ruleField')}
              value={rule?.field ?? ''}
              onChange={(e) => {
                const field = e.target.value.trim();
                onChange(field ? { field, op: rule?.op ?? '>', value: rule?.value ?? 0 } : null);
              }}
            />
            <Select
              aria-label={t('approval.designer.ruleOp')}
              style={{ width: 110 }}
              disabled={!rule}
              value={rule?.op ?? '>'}
              options={OPS.map((op) => ({ value: op, label: op }))}
              onChange={(op) => rule && onChange({ ...rule, op })}
            />
          </Space.Compact>
          {rule && (
            <Form.Item
              label={t('approval.designer.ruleValue')}
              htmlFor="approval-rule-value"
              style={{ marginTop: 8 }}
            >
              {numeric ? (
                <InputNumber
                  id="approval-rule-value"
                  style={{ width: '100%' }}
                  value={rule.value as number}
                  onChange={(v) => onChange({ ...rule, value: v ?? 0 })}
                />
              ) : (
                <Input
                  id="approval-rule-value"
                  value={String(rule.value)}
                  onChange={(e) => onChange({ ...rule, value: e.target.value })}
                />
              )}
              <Button
                type="link"
                size="small"
                onClick={() =>
                  onChange({ ...rule, value: numeric ? String(rule.value) : Number(rule.value) || 0 })
                }
              >
                {numeric ? t('approval.designer.asText') : t('approval.designer.asNumber')}
              </Button>
            </Form.Item>
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.designer.plainEdge')} />
      )}
      <Button danger onClick={onDelete}>
        {t('approval.designer.deleteEdge')}
      </Button>
    </Form>
  );
}
