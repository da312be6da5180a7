import type {
  PromptTemplateRow,
  StudyKind,
  WorkFlowConfigFilter,
  WorkFlowConfigInput,
  WorkFlowConfigRow,
} from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { FormModal } from '../../../shared/list/form-modal';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addConfig,
  deleteConfig,
  fetchPrompts,
  pageConfigs,
  setPrompt,
  studyKeys,
  updateConfig,
} from './study-api';
import { gradeOptions, subjectOptions } from './study-options';

const KINDS: StudyKind[] = ['solve', 'analyse', 'practise'];
type Mode = { kind: 'add' } | { kind: 'edit'; row: WorkFlowConfigRow };

function ConfigForm({ mode, onClose, onSaved }: { mode: Mode | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WorkFlowConfigInput>();
  const editing = mode?.kind === 'edit';
  const values = mode
    ? mode.kind === 'edit'
      ? { ...mode.row, code: '' }
      : { orderType: 'solve' as const, orderNo: 100 }
    : null;
  return (
    <FormModal<WorkFlowConfigInput>
      values={values as Partial<WorkFlowConfigInput> | null}
      title={editing ? t('aiStudy.config.edit') : t('aiStudy.config.add')}
      form={form}
      width={640}
      onClose={onClose}
      onSubmit={async (input) => {
        if (mode?.kind === 'edit') await updateConfig({ ...input, id: mode.row.id });
        else await addConfig(input);
        notifier().success(t('system.common.saved'));
        onSaved();
      }}
    >
      <Form.Item name="name" label={t('aiStudy.config.name')} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          name="orderType"
          label={t('aiStudy.config.orderType')}
          rules={[{ required: true }]}
          style={{ flex: 1 }}
        >
          <Select options={KINDS.map((k) => ({ value: k, label: t(`aiStudy.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="grade"
          label={t('aiStudy.grade')}
          tooltip={t('aiStudy.config.anyHint')}
          style={{ flex: 1 }}
        >
          <AutoComplete allowClear options={gradeOptions(t)} />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('aiStudy.subject')}
          tooltip={t('aiStudy.config.anyHint')}
          style={{ flex: 1 }}
        >
          <AutoComplete allowClear options={subjectOptions(t)} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="baseUrl"
        label={t('aiStudy.config.baseUrl')}
        rules={[{ required: true, type: 'url' }]}
        extra={t('aiStudy.config.baseUrlHint')}
      >
        <Input maxLength={512} placeholder="https://api.dify.ai/v1" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('aiStudy.config.code')}
        rules={[{ required: !editing, whitespace: true }]}
        extra={editing ? t('aiStudy.config.codeKeep') : t('aiStudy.config.codeHint')}
      >
        <Input.Password maxLength={512} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="workFlowId"
        label={t('aiStudy.config.workFlowId')}
        extra={t('aiStudy.config.workFlowIdHint')}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="description" label={t('aiStudy.config.description')}>
        <Input.TextArea maxLength={512} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="orderNo" label={t('aiStudy.config.orderNo')}>
        <InputNumber min={0} max={1_000_000} />
      </Form.Item>
    </FormModal>
  );
}

function WorkflowsTab() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<WorkFlowConfigFilter>();
  const [mode, setMode] = useState<Mode | null>(null);
  const list = useServerList<WorkFlowConfigRow, WorkFlowConfigFilter>({
    key: studyKeys.configs,
    fetch: pageConfigs,
  });
  const any = <Typography.Text type="secondary">{t('aiStudy.config.any')}</Typography.Text>;
  const columns: KitColumn<WorkFlowConfigRow>[] = [
    { key: 'name', title: t('aiStudy.config.name'), dataIndex: 'name', width: 180, sorter: true },
    {
      key: 'orderType',
      title: t('aiStudy.config.orderType'),
      dataIndex: 'orderType',
      width: 120,
      render: (kind: string) => <Tag color="blue">{t(`aiStudy.kinds.${kind}`)}</Tag>,
    },
    {
      key: 'grade',
      title: t('aiStudy.grade'),
      dataIndex: 'grade',
      width: 100,
      sorter: true,
      render: (v: string | null) => v ?? any,
    },
    {
      key: 'subject',
      title: t('aiStudy.subject'),
      dataIndex: 'subject',
      width: 100,
      sorter: true,
      render: (v: string | null) => v ?? any,
    },
    { key: 'baseUrl', title: t('aiStudy.config.baseUrl'), dataIndex: 'baseUrl', width: 240, ellipsis: true },
    {
      key: 'workFlowId',
      title: t('aiStudy.config.workFlowId'),
      dataIndex: 'workFlowId',
      width: 140,
      ellipsis: true,
    },
    {
      key: 'hasCode',
      title: t('aiStudy.config.code'),
      dataIndex: 'hasCode',
      width: 100,
      render: (v: boolean) => (v ? <Tag color="success">{t('aiStudy.config.codeSaved')}</Tag> : <Tag>-</Tag>),
    },
    { key: 'orderNo', title: t('aiStudy.config.orderNo'), dataIndex: 'orderNo', width: 80, sorter: true },
    {
      key: 'updateTime',
      title: t('aiStudy.config.updateTime'),
      dataIndex: 'updateTime',
      width: 170,
      render: (v: string | null, row) => formatTime(v ?? row.createTime),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('aiWorkFlowConfig:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('aiWorkFlowConfig:delete') && (
            <DeleteAction
              confirm={t('aiStudy.config.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() =>
                deleteConfig(row.id).then(() => {
                  notifier().success(t('system.common.deleted'));
                  list.reload();
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('aiStudy.config.intro')}
      </Typography.Paragraph>
      <SearchCard
        form={search}
        onSearch={(values) =>
          list.search({
            name: values?.name?.trim() || undefined,
            grade: values?.grade?.trim() || undefined,
            subject: values?.subject?.trim() || undefined,
            orderType: values?.orderType,
          })
        }
      >
        <Form.Item name="name" label={t('aiStudy.config.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="orderType" label={t('aiStudy.config.orderType')}>
          <Select
            allowClear
            style={{ width: 140 }}
            aria-label={t('aiStudy.config.orderType')}
            options={KINDS.map((k) => ({ value: k, label: t(`aiStudy.kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="grade" label={t('aiStudy.grade')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="subject" label={t('aiStudy.subject')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('aiWorkFlowConfig:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('aiStudy.config.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<WorkFlowConfigRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('aiStudy.total', { count: total }) }}
        />
      </Card>
      <ConfigForm
        mode={mode}
        onClose={() => setMode(null)}
        onSaved={() => {
          setMode(null);
          list.reload();
        }}
      />
    </Flex>
  );
}

function PromptCard({ prompt, onSaved }: { prompt: PromptTemplateRow; onSaved(): void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [text, setText] = useState(prompt.override ?? prompt.defaultTemplate);
  const [busy, setBusy] = useState(false);
  const save = async (template: string | null) => {
    setBusy(true);
    try {
      await setPrompt(prompt.kind, template);
      notifier().success(template ? t('system.common.saved') : t('aiStudy.prompts.resetDone'));
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  const mayEdit = has('aiWorkFlowConfig:setPrompt');
  return (
    <Card
      size="small"
      title={
        <Space>
          {t(`aiStudy.kinds.${prompt.kind}`)}
          <Tag>{t('aiStudy.prompts.version', { version: prompt.version })}</Tag>
          {prompt.override ? (
            <Tag color="orange">{t('aiStudy.prompts.overridden')}</Tag>
          ) : (
            <Tag color="green">{t('aiStudy.prompts.default')}</Tag>
          )}
          {prompt.override && prompt.overrideVersion !== null && prompt.overrideVersion < prompt.version && (
            <Tag color="red">{t('aiStudy.prompts.outdated')}</Tag>
          )}
        </Space>
      }
      extra={
        mayEdit && (
          <Space>
            {prompt.override && (
              <Popconfirm title={t('aiStudy.prompts.resetConfirm')} onConfirm={() => void save(null)}>
                <Button loading={busy}>{t('aiStudy.prompts.reset')}</Button>
              </Popconfirm>
            )}
            <Button type="primary" loading={busy} onClick={() => void save(text)}>
              {t('system.common.save')}
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {t('aiStudy.prompts.placeholders')}{' '}
        {prompt.placeholders.map((p) => (
          <Tag key={p.name} color={p.required ? 'blue' : undefined}>{`{{${p.name}}}`}</Tag>
        ))}
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 6, maxRows: 20 }}
        maxLength={20_000}
        readOnly={!mayEdit}
        aria-label={t(`aiStudy.kinds.${prompt.kind}`)}
      />
    </Card>
  );
}

function PromptsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prompts = useQuery({ queryKey: studyKeys.prompts, queryFn: fetchPrompts });
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('aiStudy.prompts.intro')}
      </Typography.Paragraph>
      {(prompts.data ?? []).map((prompt) => (
        <PromptCard
          key={`${prompt.kind}-${prompt.override ?? ''}`}
          prompt={prompt}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: studyKeys.prompts })}
        />
      ))}
    </Flex>
  );
}

/**
 * AI workflow configuration (`/aiconfig/workFlowConfig`): a Dify workflow per grade, subject and kind
 * (a kind without one runs on the tenant's chat model), and the prompt templates that chat model uses.
 */
export default function WorkflowConfigPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  return (
    <Card size="small">
      <Tabs
        items={[
          { key: 'workflows', label: t('aiStudy.config.tab'), children: <WorkflowsTab /> },
          ...(has('aiWorkFlowConfig:prompts')
            ? [{ key: 'prompts', label: t('aiStudy.prompts.tab'), children: <PromptsTab /> }]
            : []),
        ]}
      />
    </Card>
  );
}
