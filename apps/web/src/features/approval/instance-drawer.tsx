import type { ApprovalInstanceDetail, InstanceStatus } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { SchemaForm, type FormJsonSchema, type FormUiSchema } from '../../shared/form-render/schema-form';
import { formatTime } from '../../shared/list/modification-record-changes';
import { approvalKeys, decide, instanceDetail, resubmitRequest, type Decision } from './approval-api';

const COLOURS: Record<InstanceStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  returned: 'warning',
  withdrawn: 'default',
};

export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`approval.status.${status}`)}</Tag>;
}

/** The answers, read-only, or editable when the submitter resubmits a returned request. */
function Answers({
  detail,
  onResubmit,
}: {
  detail: ApprovalInstanceDetail;
  onResubmit?(data: Record<string, unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  if (!detail.form.schema) return <Alert type="warning" title={t('approval.formGone')} />;
  return (
    <SchemaForm
      schema={detail.form.schema as FormJsonSchema}
      uiSchema={detail.form.uiSchema as FormUiSchema}
      formData={detail.data}
      readOnly={!onResubmit}
      submitText={t('approval.resubmit')}
      ariaLabel={detail.flowName}
      onSubmit={onResubmit}
    />
  );
}

/**
 * One request: its answers, where it stands, its history, and what the caller may do now — decide
 * with a comment (the current approvers), withdraw, or edit and resubmit (the submitter).
 */
export function InstanceDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const detail = useQuery({
    queryKey: approvalKeys.detail(id ?? ''),
    queryFn: () => instanceDetail(id!),
    enabled: !!id,
  });
  const changed = async () => {
    setComment('');
    await queryClient.invalidateQueries({ queryKey: approvalKeys.instances });
  };
  const act = async (action: Decision) => {
    setBusy(action);
    try {
      await decide(action, id!, comment);
      notifier().success(t(`approval.done.${action}`));
      await changed();
      onClose();
    } finally {
      setBusy(null);
    }
  };
  const d = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="large"
      title={d ? d.flowName : t('approval.detail')}
      destroyOnHidden
    >
      {!d ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('approval.statusLabel')}>
              <InstanceStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('approval.submitter')}>{d.submitUserName}</Descriptions.Item>
            <Descriptions.Item label={t('approval.currentNode')}>
              {d.currentNodeName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('approval.approvers')}>
              {d.approvers.join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('approval.createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('approval.finishTime')}>
              {d.finishTime ? formatTime(d.finishTime) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Answers
            detail={d}
            onResubmit={
              d.can.resubmit
                ? async (data) => {
                    await resubmitRequest(d.id, data);
                    notifier().success(t('approval.done.resubmit'));
                    await changed();
                    onClose();
                  }
                : undefined
            }
          />
          {(d.can.approve || d.can.withdraw) && (
            <Flex vertical gap={8}>
              <Input.TextArea
                aria-label={t('approval.comment')}
                placeholder={t('approval.comment')}
                maxLength={500}
                rows={2}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
              <Space wrap>
                {d.can.approve && (
                  <>
                    <Button type="primary" loading={busy === 'approve'} onClick={() => void act('approve')}>
                      {t('approval.approve')}
                    </Button>
                    <Button loading={busy === 'return'} onClick={() => void act('return')}>
                      {t('approval.return')}
                    </Button>
                    <Button danger loading={busy === 'reject'} onClick={() => void act('reject')}>
                      {t('approval.reject')}
                    </Button>
                  </>
                )}
                {d.can.withdraw && (
                  <Popconfirm title={t('approval.withdrawConfirm')} onConfirm={() => act('withdraw')}>
                    <Button loading={busy === 'withdraw'}>{t('approval.withdraw')}</Button>
                  </Popconfirm>
                )}
              </Space>
            </Flex>
          )}
          <div>
            <Typography.Title level={5}>{t('approval.history')}</Typography.Title>
            <Timeline
              items={d.history.map((h) => ({
                key: h.id,
                color: h.action === 'reject' ? 'red' : h.action === 'approve' ? 'green' : 'blue',
                content: (
                  <>
                    <Typography.Text
                      strong
                    >{`${h.actorName} · ${t(`approval.action.${h.action}`)}`}</Typography.Text>
                    {h.nodeName && <Typography.Text type="secondary">{` · ${h.nodeName}`}</Typography.Text>}
                    <div>
                      <Typography.Text type="secondary">{formatTime(h.createTime)}</Typography.Text>
                    </div>
                    {h.comment && (
                      <Typography.Paragraph style={{ marginBottom: 0 }}>{h.comment}</Typography.Paragraph>
                    )}
                  </>
                ),
              }))}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
