import type { StartableFlow } from '@lintel/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { SchemaForm, type FormJsonSchema, type FormUiSchema } from '../../../shared/form-render/schema-form';
import { usePermissions } from '../../../shared/permission/permissions';
import { approvalKeys, pageMine, startableFlows, submitRequest } from '../approval-api';
import { InstanceDrawer } from '../instance-drawer';
import { InstanceList } from '../instance-list';

/** Files a request: pick one of the flows the caller may start, fill its form, submit. */
function NewRequest({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const flows = useQuery({ queryKey: approvalKeys.startable, queryFn: startableFlows, enabled: open });
  const [flowId, setFlowId] = useState<string | undefined>();
  const flow: StartableFlow | undefined = flows.data?.find((f) => f.id === flowId);
  const close = () => {
    setFlowId(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('approval.newRequest')}
      footer={null}
      onCancel={close}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Select
          aria-label={t('approval.chooseFlow')}
          placeholder={t('approval.chooseFlow')}
          loading={flows.isLoading}
          value={flowId}
          onChange={setFlowId}
          options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.noFlows')} />}
        />
        {flow?.remark && <Typography.Paragraph type="secondary">{flow.remark}</Typography.Paragraph>}
        {flow ? (
          <SchemaForm
            key={flow.id}
            schema={flow.form.schema as FormJsonSchema}
            uiSchema={flow.form.uiSchema as FormUiSchema}
            ariaLabel={flow.name}
            submitText={t('approval.submit')}
            onSubmit={async (data) => {
              await submitRequest(flow.id, data);
              notifier().success(t('approval.done.submit'));
              await queryClient.invalidateQueries({ queryKey: approvalKeys.instances });
              close();
            }}
          />
        ) : (
          flows.isLoading && <Spin />
        )}
      </Flex>
    </Modal>
  );
}

/**
 * Approval → my requests (`/approvalFlow/mine/index`): file a request, follow the caller's own
 * requests, withdraw an undecided one, and edit and resubmit one that came back.
 */
export default function MinePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [filing, setFiling] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Flex vertical gap={12}>
      <InstanceList
        scope="mine"
        fetch={pageMine}
        onOpen={setOpen}
        toolbar={
          has('approvalInstance:submit') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setFiling(true)}>
              {t('approval.newRequest')}
            </Button>
          )
        }
      />
      <NewRequest open={filing} onClose={() => setFiling(false)} />
      <InstanceDrawer id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
