import type { QuestionBankFilter, QuestionBankRow } from '@lintel/contracts';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Flex, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { usePermissions } from '../../../shared/permission/permissions';
import { deleteQuestion, pageQuestions, questionDetail, studyKeys } from './study-api';
import styles from './study.module.css';

interface SearchValues {
  studentName?: string;
  grade?: string;
  subject?: string;
  knowledgePoint?: string;
  question?: string;
  isCorrect?: 'true' | 'false' | 'null';
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function bankFilterOf(values: SearchValues | undefined): QuestionBankFilter {
  if (!values) return {};
  const [start, end] = values.range ?? [null, null];
  const text = (v?: string) => v?.trim() || undefined;
  return {
    studentName: text(values.studentName),
    grade: text(values.grade),
    subject: text(values.subject),
    knowledgePoint: text(values.knowledgePoint),
    question: text(values.question),
    isCorrect: values.isCorrect,
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.endOf('day').toISOString() } : {}),
  };
}

/** true / false / not checked, as a tag. */
export function CorrectTag({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  if (value === null) return <Tag>{t('aiStudy.notChecked')}</Tag>;
  return (
    <Tag color={value ? 'success' : 'error'}>
      {value ? t('aiStudy.check.correct') : t('aiStudy.check.wrong')}
    </Tag>
  );
}

function RecordModal({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['stuQuestionBank', 'detail', id],
    queryFn: () => questionDetail(id!),
    enabled: !!id,
  });
  const row = detail.data;
  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      footer={null}
      width={760}
      title={t('aiStudy.bank.detail')}
      loading={detail.isLoading}
    >
      {row && (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('aiStudy.studentName')}>{row.studentName}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.createTime')}>
              {formatTime(row.createTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.grade')}>{row.grade}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.subject')}>{row.subject}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.knowledgePoint')}>{row.knowledgePoint}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.isCorrect')}>
              <CorrectTag value={row.isCorrect} />
            </Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.studentAnswer')}>{row.studentAnswer}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.correctAnswer')}>{row.correctAnswer}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.question')} span={2}>
              <div className={styles.question}>{row.question}</div>
              {row.otherStem?.startsWith('data:image/') && (
                <img src={row.otherStem} alt={t('aiStudy.solve.photoAlt')} className={styles.imagePreview} />
              )}
            </Descriptions.Item>
          </Descriptions>
          {row.description && <MarkdownView text={row.description} />}
        </Flex>
      )}
    </Modal>
  );
}

/** Student question bank (`/lintelAI/stuQuestionBank`): attempts within the caller's data scope. */
export default function QuestionBankPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<SearchValues>();
  const [shown, setShown] = useState<string | null>(null);
  const list = useServerList<QuestionBankRow, QuestionBankFilter>({
    key: studyKeys.bank,
    fetch: pageQuestions,
  });

  const columns: KitColumn<QuestionBankRow>[] = [
    {
      key: 'studentName',
      title: t('aiStudy.studentName'),
      dataIndex: 'studentName',
      width: 110,
      sorter: true,
    },
    { key: 'grade', title: t('aiStudy.grade'), dataIndex: 'grade', width: 90, sorter: true },
    { key: 'subject', title: t('aiStudy.subject'), dataIndex: 'subject', width: 90, sorter: true },
    { key: 'question', title: t('aiStudy.question'), dataIndex: 'question', width: 280, ellipsis: true },
    {
      key: 'knowledgePoint',
      title: t('aiStudy.knowledgePoint'),
      dataIndex: 'knowledgePoint',
      width: 140,
      ellipsis: true,
    },
    {
      key: 'studentAnswer',
      title: t('aiStudy.studentAnswer'),
      dataIndex: 'studentAnswer',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'correctAnswer',
      title: t('aiStudy.correctAnswer'),
      dataIndex: 'correctAnswer',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'isCorrect',
      title: t('aiStudy.isCorrect'),
      dataIndex: 'isCorrect',
      width: 100,
      sorter: true,
      render: (value: boolean | null) => <CorrectTag value={value} />,
      text: (row) =>
        row.isCorrect === null
          ? t('aiStudy.notChecked')
          : row.isCorrect
            ? t('aiStudy.check.correct')
            : t('aiStudy.check.wrong'),
    },
    {
      key: 'code',
      title: t('aiStudy.bank.source'),
      dataIndex: 'code',
      width: 100,
      render: (code: string | null) => (code ? t(`aiStudy.bank.sources.${code}`) : ''),
    },
    {
      key: 'createTime',
      title: t('aiStudy.createTime'),
      dataIndex: 'createTime',
      width: 170,
      sorter: true,
      render: formatTime,
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('stuQuestionBank:detail') && (
            <RowAction
              title={t('aiStudy.bank.view')}
              icon={<EyeOutlined />}
              onClick={() => setShown(row.id)}
            />
          )}
          {has('stuQuestionBank:delete') && (
            <DeleteAction
              confirm={t('aiStudy.bank.deleteConfirm')}
              icon={<DeleteOutlined />}
              onConfirm={() =>
                deleteQuestion(row.id).then(() => {
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
  const layout = useColumnSettings('stuQuestionBank', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(bankFilterOf(values))}>
        <Form.Item name="studentName" label={t('aiStudy.studentName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="grade" label={t('aiStudy.grade')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="subject" label={t('aiStudy.subject')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="knowledgePoint" label={t('aiStudy.knowledgePoint')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="question" label={t('aiStudy.question')}>
          <Input allowClear maxLength={200} />
        </Form.Item>
        <Form.Item name="isCorrect" label={t('aiStudy.isCorrect')}>
          <Select
            allowClear
            style={{ width: 120 }}
            aria-label={t('aiStudy.isCorrect')}
            options={[
              { value: 'true', label: t('aiStudy.check.correct') },
              { value: 'false', label: t('aiStudy.check.wrong') },
              { value: 'null', label: t('aiStudy.notChecked') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('aiStudy.createTime')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.stuQuestionBank')}
              exportPath="/api/stuQuestionBank/export"
              exportPermission="stuQuestionBank:export"
              fileName="question-bank"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        />
        <DataTable<QuestionBankRow>
          rowKey="id"
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('aiStudy.total', { count: total }) }}
        />
      </Card>
      <RecordModal id={shown} onClose={() => setShown(null)} />
    </Flex>
  );
}
