import type { PaperRow } from '@lintel/contracts';
import { ExperimentOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Radio,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { usePermissions } from '../../../shared/permission/permissions';
import { CorrectTag } from './question-bank-page';
import { StreamAnswer } from './stream-answer';
import {
  fetchStats,
  listPapers,
  pageQuestions,
  paperDetail,
  STREAMS,
  studyKeys,
  submitPaper,
  type GenerateBody,
} from './study-api';
import { useStudyStream } from './use-study-stream';

interface SourceValues {
  from: 'weak' | 'wrong';
  weak?: string;
  recordId?: string;
  count: number;
}

/** One paper: answer the open questions, submit, and see the graded result. */
function PaperSheet({ paper, onSubmitted }: { paper: PaperRow; onSubmitted(paper: PaperRow): void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [answers, setAnswers] = useState<string[]>(() => paper.questions.map((q) => q.studentAnswer ?? ''));
  const [busy, setBusy] = useState(false);
  const open = paper.status === 'open';
  const submit = async () => {
    setBusy(true);
    try {
      const graded = await submitPaper({ id: paper.id, answers });
      notifier().success(
        t('aiStudy.paper.graded', { correct: graded.correctCount ?? 0, count: graded.questionCount }),
      );
      onSubmitted(graded);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      title={paper.title}
      extra={
        open ? (
          has('stuWorkFlowPaper:submit') && (
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {t('aiStudy.paper.submit')}
            </Button>
          )
        ) : (
          <Tag color="blue">
            {t('aiStudy.paper.score', { correct: paper.correctCount ?? 0, count: paper.questionCount })}
          </Tag>
        )
      }
    >
      <List
        dataSource={paper.questions}
        renderItem={(question, index) => (
          <List.Item>
            <Flex vertical gap={6} style={{ width: '100%' }}>
              <Flex gap={8} align="baseline">
                <Typography.Text strong>{index + 1}.</Typography.Text>
                <MarkdownView text={question.question} />
              </Flex>
              {open ? (
                <Input
                  value={answers[index]}
                  maxLength={2000}
                  aria-label={t('aiStudy.paper.answerOf', { n: index + 1 })}
                  placeholder={t('aiStudy.check.placeholder')}
                  onChange={(e) => setAnswers((all) => all.map((a, i) => (i === index ? e.target.value : a)))}
                />
              ) : (
                <Flex gap={12} wrap align="center">
                  <CorrectTag value={question.isCorrect} />
                  <span>
                    {t('aiStudy.studentAnswer')}: {question.studentAnswer || '-'}
                  </span>
                  <span>
                    {t('aiStudy.correctAnswer')}: {question.correctAnswer}
                  </span>
                </Flex>
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * Similar-question practice (`/lintelAI/stuWorkFlowPaper`): a short paper generated from a weak point
 * or a wrongly answered question, answered and graded here; every answer lands in the question bank.
 */
export default function PaperPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SourceValues>();
  const from = Form.useWatch('from', form) ?? 'weak';
  const [paperId, setPaperId] = useState<string | null>(null);
  const generate = useStudyStream();
  const stats = useQuery({ queryKey: studyKeys.stats({}), queryFn: () => fetchStats({}) });
  const wrong = useQuery({
    queryKey: [...studyKeys.bank, 'wrong'],
    queryFn: () => pageQuestions({ page: 1, pageSize: 50, isCorrect: 'false' }),
    enabled: has('stuQuestionBank:page'),
  });
  const papers = useQuery({ queryKey: studyKeys.papers, queryFn: listPapers });
  // The paper just generated is shown until the student picks another.
  const generated = typeof generate.state.done?.paperId === 'string' ? generate.state.done.paperId : null;
  const shownId = paperId ?? generated;
  const paper = useQuery({
    queryKey: studyKeys.paper(shownId ?? ''),
    queryFn: () => paperDetail(shownId!),
    enabled: !!shownId,
  });
  useEffect(() => {
    if (generated) void queryClient.invalidateQueries({ queryKey: studyKeys.papers });
  }, [generated, queryClient]);

  const weakPoints = stats.data?.weakPoints ?? [];
  const start = (values: SourceValues) => {
    const body: GenerateBody = { count: values.count };
    if (values.from === 'wrong' && values.recordId) body.recordId = values.recordId;
    else {
      const point = weakPoints.find((p) => `${p.subject}/${p.knowledgePoint}` === values.weak);
      if (!point) return;
      body.knowledgePoint = point.knowledgePoint;
      body.subject = point.subject;
    }
    setPaperId(null);
    void generate.start(STREAMS.generate, body);
  };

  return (
    <Row gutter={12}>
      <Col xs={24} lg={8}>
        <Flex vertical gap={12}>
          <Card size="small" title={t('aiStudy.paper.generateTitle')}>
            <Form<SourceValues>
              form={form}
              layout="vertical"
              initialValues={{ from: 'weak', count: 5 }}
              onFinish={start}
              disabled={generate.running}
            >
              <Form.Item name="from">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'weak', label: t('aiStudy.paper.fromWeak') },
                    { value: 'wrong', label: t('aiStudy.paper.fromWrong') },
                  ]}
                />
              </Form.Item>
              {from === 'weak' ? (
                <Form.Item name="weak" label={t('aiStudy.knowledgePoint')} rules={[{ required: true }]}>
                  <Select
                    aria-label={t('aiStudy.knowledgePoint')}
                    notFoundContent={t('aiStudy.report.noWeakPoints')}
                    options={weakPoints.map((p) => ({
                      value: `${p.subject}/${p.knowledgePoint}`,
                      label: `${p.knowledgePoint} · ${p.subject} (${t('aiStudy.report.wrongCount', { count: p.wrong })})`,
                    }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="recordId"
                  label={t('aiStudy.paper.wrongQuestion')}
                  rules={[{ required: true }]}
                >
                  <Select
                    aria-label={t('aiStudy.paper.wrongQuestion')}
                    notFoundContent={t('aiStudy.paper.noWrong')}
                    options={(wrong.data?.items ?? []).map((r) => ({
                      value: r.id,
                      label: r.name ?? r.question,
                    }))}
                  />
                </Form.Item>
              )}
              <Form.Item name="count" label={t('aiStudy.paper.count')}>
                <InputNumber min={3} max={10} />
              </Form.Item>
              {has('stuWorkFlowPaper:generate') && (
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<ExperimentOutlined />}
                  loading={generate.running}
                >
                  {t('aiStudy.paper.generate')}
                </Button>
              )}
            </Form>
            {generate.running && (
              <Button danger icon={<StopOutlined />} onClick={generate.stop} style={{ marginTop: 12 }}>
                {t('aiStudy.stop')}
              </Button>
            )}
            <StreamAnswer state={generate.state} hideContent />
          </Card>
          <Card size="small" title={t('aiStudy.paper.history')}>
            <List
              size="small"
              // In secondary text: the list's own empty grey reads 1.8:1.
              locale={{
                emptyText: <Typography.Text type="secondary">{t('aiStudy.paper.none')}</Typography.Text>,
              }}
              dataSource={papers.data ?? []}
              renderItem={(item) => (
                <List.Item
                  onClick={() => setPaperId(item.id)}
                  style={{ cursor: 'pointer', fontWeight: item.id === shownId ? 600 : undefined }}
                  extra={
                    item.status === 'submitted' ? (
                      <Tag color="blue">{`${item.correctCount ?? 0}/${item.questionCount}`}</Tag>
                    ) : (
                      <Tag>{t('aiStudy.paper.open')}</Tag>
                    )
                  }
                >
                  <List.Item.Meta title={item.title} description={formatTime(item.createTime)} />
                </List.Item>
              )}
            />
          </Card>
        </Flex>
      </Col>
      <Col xs={24} lg={16}>
        {paper.data ? (
          <PaperSheet
            key={`${paper.data.id}-${paper.data.status}`}
            paper={paper.data}
            onSubmitted={(graded) => {
              queryClient.setQueryData(studyKeys.paper(graded.id), graded);
              void queryClient.invalidateQueries({ queryKey: studyKeys.papers });
              void queryClient.invalidateQueries({ queryKey: studyKeys.bank });
            }}
          />
        ) : (
          <Card size="small">
            <Empty description={t('aiStudy.paper.pick')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
