import type { StatsInput } from '@lintel/contracts';
import { FileTextOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Flex, Form, Input, Row, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchCard } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import { StreamAnswer } from './stream-answer';
import { percent } from './student-info-page';
import { TrendChart, WeakPointChart } from './study-charts';
import { fetchStats, STREAMS, studyKeys } from './study-api';
import { useStudyStream } from './use-study-stream';

interface SearchValues {
  subject?: string;
  grade?: string;
  knowledgePoint?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function statsFilterOf(values: SearchValues | undefined): StatsInput {
  if (!values) return {};
  const [start, end] = values.range ?? [null, null];
  const text = (v?: string) => v?.trim() || undefined;
  return {
    subject: text(values.subject),
    grade: text(values.grade),
    knowledgePoint: text(values.knowledgePoint),
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.endOf('day').toISOString() } : {}),
  };
}

/**
 * Learning analysis (`/lintelAI/stuWorkFlowReport`): the student's accuracy, counts, weekly trend and
 * weak points from their question bank, and a written analysis generated from the same figures.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<SearchValues>();
  const [filter, setFilter] = useState<StatsInput>({});
  const analysis = useStudyStream();
  const stats = useQuery({ queryKey: studyKeys.stats(filter), queryFn: () => fetchStats(filter) });
  const data = stats.data;

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          analysis.reset();
          setFilter(statsFilterOf(values));
        }}
      >
        <Form.Item name="subject" label={t('aiStudy.subject')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="grade" label={t('aiStudy.grade')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="knowledgePoint" label={t('aiStudy.knowledgePoint')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="range" label={t('aiStudy.report.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small" loading={stats.isLoading}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title={t('aiStudy.stats.total')} value={data?.total ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiStudy.stats.checked')} value={data?.checked ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiStudy.stats.correct')} value={data?.correct ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('aiStudy.stats.accuracy')} value={percent(data?.accuracy ?? null)} />
          </Col>
        </Row>
      </Card>
      {data && data.total === 0 ? (
        <Card size="small">
          <Empty description={t('aiStudy.report.empty')} />
        </Card>
      ) : (
        data && (
          <Row gutter={12}>
            <Col xs={24} lg={14}>
              <Card size="small" title={t('aiStudy.report.trend')}>
                <TrendChart trend={data.trend} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title={t('aiStudy.report.weakPoints')}>
                {data.weakPoints.length ? (
                  <WeakPointChart points={data.weakPoints} />
                ) : (
                  <Empty description={t('aiStudy.report.noWeakPoints')} />
                )}
              </Card>
            </Col>
            <Col span={24} style={{ marginTop: 12 }}>
              <Card size="small" title={t('aiStudy.report.byKnowledgePoint')}>
                <Table
                  size="small"
                  rowKey={(row) => `${row.subject}/${row.knowledgePoint}`}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  dataSource={data.byKnowledgePoint}
                  columns={[
                    { key: 'subject', title: t('aiStudy.subject'), dataIndex: 'subject' },
                    {
                      key: 'knowledgePoint',
                      title: t('aiStudy.knowledgePoint'),
                      dataIndex: 'knowledgePoint',
                    },
                    { key: 'total', title: t('aiStudy.stats.total'), dataIndex: 'total' },
                    { key: 'checked', title: t('aiStudy.stats.checked'), dataIndex: 'checked' },
                    { key: 'correct', title: t('aiStudy.stats.correct'), dataIndex: 'correct' },
                    {
                      key: 'accuracy',
                      title: t('aiStudy.stats.accuracy'),
                      dataIndex: 'accuracy',
                      render: percent,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        )
      )}
      {has('stuWorkFlowReport:analyse') && (
        <Card
          size="small"
          title={t('aiStudy.report.analysis')}
          extra={
            analysis.running ? (
              <Button danger icon={<StopOutlined />} onClick={analysis.stop}>
                {t('aiStudy.stop')}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<FileTextOutlined />}
                disabled={!data || data.total === 0}
                onClick={() => void analysis.start(STREAMS.analyse, filter)}
              >
                {t('aiStudy.report.analyse')}
              </Button>
            )
          }
        >
          {analysis.state.phase === 'idle' ? (
            <span>{t('aiStudy.report.analyseHint')}</span>
          ) : (
            <StreamAnswer state={analysis.state} />
          )}
        </Card>
      )}
    </Flex>
  );
}
