import type { StuInfoFilter, StuInfoRow } from '@lintel/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex, Form, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { CorrectTag } from './question-bank-page';
import { pageStudents, studentDetail, studyKeys } from './study-api';

export const percent = (value: number | null) => (value === null ? '-' : `${Math.round(value * 1000) / 10}%`);

function StudentDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: studyKeys.student(id ?? ''),
    queryFn: () => studentDetail(id!),
    enabled: !!id,
  });
  const data = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="large"
      title={data?.student.realName ?? data?.student.account}
      loading={detail.isLoading}
    >
      {data && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('aiStudy.account')}>{data.student.account}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.org')}>{data.student.orgName}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.stats.total')}>{data.student.total}</Descriptions.Item>
            <Descriptions.Item label={t('aiStudy.stats.accuracy')}>
              {percent(data.student.accuracy)}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="subject"
            pagination={false}
            dataSource={data.subjects}
            columns={[
              { key: 'subject', title: t('aiStudy.subject'), dataIndex: 'subject' },
              { key: 'total', title: t('aiStudy.stats.total'), dataIndex: 'total' },
              { key: 'checked', title: t('aiStudy.stats.checked'), dataIndex: 'checked' },
              { key: 'correct', title: t('aiStudy.stats.correct'), dataIndex: 'correct' },
            ]}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.recent}
            columns={[
              { key: 'question', title: t('aiStudy.question'), dataIndex: 'question', ellipsis: true },
              { key: 'subject', title: t('aiStudy.subject'), dataIndex: 'subject', width: 90 },
              {
                key: 'isCorrect',
                title: t('aiStudy.isCorrect'),
                dataIndex: 'isCorrect',
                width: 100,
                render: (value: boolean | null) => <CorrectTag value={value} />,
              },
              {
                key: 'createTime',
                title: t('aiStudy.createTime'),
                dataIndex: 'createTime',
                width: 170,
                render: formatTime,
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}

/** Student information (`/lintelAI/stuInfo`): the students of the caller's data scope and their figures. */
export default function StudentInfoPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<StuInfoFilter>();
  const [shown, setShown] = useState<string | null>(null);
  const list = useServerList<StuInfoRow, StuInfoFilter>({ key: studyKeys.students, fetch: pageStudents });
  const columns: KitColumn<StuInfoRow>[] = [
    { key: 'account', title: t('aiStudy.account'), dataIndex: 'account', width: 130, sorter: true },
    { key: 'realName', title: t('aiStudy.studentName'), dataIndex: 'realName', width: 120, sorter: true },
    { key: 'orgName', title: t('aiStudy.org'), dataIndex: 'orgName', width: 140 },
    { key: 'total', title: t('aiStudy.stats.total'), dataIndex: 'total', width: 100, sorter: true },
    { key: 'checked', title: t('aiStudy.stats.checked'), dataIndex: 'checked', width: 100 },
    { key: 'correct', title: t('aiStudy.stats.correct'), dataIndex: 'correct', width: 100 },
    {
      key: 'accuracy',
      title: t('aiStudy.stats.accuracy'),
      dataIndex: 'accuracy',
      width: 100,
      render: percent,
      text: (row) => percent(row.accuracy),
    },
    {
      key: 'lastActivity',
      title: t('aiStudy.lastActivity'),
      dataIndex: 'lastActivity',
      width: 170,
      sorter: true,
      render: (v: string | null) => (v ? formatTime(v) : '-'),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 80,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) =>
        has('stuInfo:detail') && (
          <RowAction title={t('aiStudy.bank.view')} icon={<EyeOutlined />} onClick={() => setShown(row.id)} />
        ),
    },
  ];
  const layout = useColumnSettings('stuInfo', columns);
  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) =>
          list.search({
            account: values?.account?.trim() || undefined,
            realName: values?.realName?.trim() || undefined,
          })
        }
      >
        <Form.Item name="account" label={t('aiStudy.account')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="realName" label={t('aiStudy.studentName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.stuInfo')}
              exportPath="/api/stuInfo/export"
              exportPermission="stuInfo:export"
              fileName="students"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        />
        <DataTable<StuInfoRow>
          rowKey="id"
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('aiStudy.total', { count: total }) }}
        />
      </Card>
      <StudentDrawer id={shown} onClose={() => setShown(null)} />
    </Flex>
  );
}
