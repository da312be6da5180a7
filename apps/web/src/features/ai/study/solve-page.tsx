import { CameraOutlined, CloseOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { WorkflowRunRow } from '@lintel/contracts';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import { NoModelNotice } from './no-model-notice';
import { StreamAnswer } from './stream-answer';
import { fetchModels, runResult, STREAMS, studyKeys, type SolveBody } from './study-api';
import { gradeOptions, IMAGE_TYPES, MAX_IMAGE_BYTES, readDataUrl, subjectOptions } from './study-options';
import { useStudyStream } from './use-study-stream';
import styles from './study.module.css';

interface AskValues {
  grade: string;
  subject: string;
  question?: string;
  modelId?: string;
}

/**
 * AI problem solving (`/lintelAI/stuWorkFlow`): a question typed or photographed, with its grade and
 * subject, solved step by step (the workflow's steps, the model's reasoning, the answer with math);
 * the attempt lands in the question bank. The student then enters their own answer and has it checked.
 */
export default function SolvePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [form] = Form.useForm<AskValues>();
  const [image, setImage] = useState<string | null>(null);
  const [myAnswer, setMyAnswer] = useState('');
  // A Dify run goes on on the server when the stream breaks off: its stored result can be fetched.
  const [stored, setStored] = useState<WorkflowRunRow | null>(null);
  const solve = useStudyStream();
  const check = useStudyStream();
  const models = useQuery({
    queryKey: studyKeys.models,
    queryFn: fetchModels,
    enabled: has('aiChat:list'),
    staleTime: 60_000,
  });
  const noModels = models.data?.length === 0;

  const ask = async (values: AskValues) => {
    if (!values.question?.trim() && !image) {
      notifier().error(t('aiStudy.solve.empty'));
      return;
    }
    check.reset();
    setMyAnswer('');
    setStored(null);
    const body: SolveBody = {
      grade: values.grade.trim(),
      subject: values.subject.trim(),
      ...(values.question?.trim() ? { question: values.question.trim() } : {}),
      ...(image ? { image } : {}),
      ...(values.modelId ? { modelId: values.modelId } : {}),
    };
    await solve.start(STREAMS.solve, body);
  };

  const pickImage = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) notifier().error(t('aiStudy.solve.imageType'));
    else if (file.size > MAX_IMAGE_BYTES) notifier().error(t('aiStudy.solve.imageSize', { size: 6 }));
    else setImage(await readDataUrl(file));
    return false;
  };

  const done = solve.state.done;
  const recordId = typeof done?.recordId === 'string' ? done.recordId : null;
  const correctAnswer = typeof done?.correctAnswer === 'string' ? done.correctAnswer : null;
  const knowledgePoint = typeof done?.knowledgePoint === 'string' ? done.knowledgePoint : null;
  const runId = typeof solve.state.meta.runId === 'string' ? solve.state.meta.runId : null;
  const detached = solve.state.phase === 'failed' && solve.state.meta.engine === 'dify' && runId !== null;
  const fetchStored = async () => {
    const run = await runResult(runId!);
    if (run.status === 'running') notifier().success(t('aiStudy.solve.stillRunning'));
    setStored(run);
  };
  const verdict = check.state.done ? (check.state.done.isCorrect as boolean | null | undefined) : undefined;

  return (
    <Flex vertical gap={12}>
      {noModels && <NoModelNotice />}
      <Card size="small" title={t('aiStudy.solve.title')}>
        <Form<AskValues> form={form} layout="vertical" onFinish={ask} disabled={solve.running}>
          <Flex gap={12} wrap>
            <Form.Item name="grade" label={t('aiStudy.grade')} rules={[{ required: true, whitespace: true }]}>
              <AutoComplete
                options={gradeOptions(t)}
                style={{ width: 160 }}
                aria-label={t('aiStudy.grade')}
              />
            </Form.Item>
            <Form.Item
              name="subject"
              label={t('aiStudy.subject')}
              rules={[{ required: true, whitespace: true }]}
            >
              <AutoComplete
                options={subjectOptions(t)}
                style={{ width: 160 }}
                aria-label={t('aiStudy.subject')}
              />
            </Form.Item>
            {(models.data?.length ?? 0) > 0 && (
              <Form.Item name="modelId" label={t('aiStudy.model')} tooltip={t('aiStudy.defaultModel')}>
                <Select
                  allowClear
                  style={{ width: 220 }}
                  aria-label={t('aiStudy.model')}
                  options={models.data!.map((m) => ({
                    value: m.id,
                    label: m.vision ? `${m.name} · ${t('aiStudy.vision')}` : m.name,
                  }))}
                />
              </Form.Item>
            )}
          </Flex>
          <Form.Item name="question" label={t('aiStudy.question')}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              maxLength={8000}
              placeholder={t('aiStudy.solve.placeholder')}
            />
          </Form.Item>
          <Flex gap={12} align="center" wrap>
            <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={pickImage}>
              <Button icon={<CameraOutlined />}>{t('aiStudy.solve.photo')}</Button>
            </Upload>
            {image && (
              <Space>
                <img src={image} alt={t('aiStudy.solve.photoAlt')} className={styles.imagePreview} />
                <Button
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('aiStudy.solve.removePhoto')}
                  onClick={() => setImage(null)}
                />
              </Space>
            )}
          </Flex>
          <Space style={{ marginTop: 12 }}>
            {has('stuWorkFlow:solve') && (
              <Button type="primary" htmlType="submit" icon={<ThunderboltOutlined />} loading={solve.running}>
                {t('aiStudy.solve.submit')}
              </Button>
            )}
          </Space>
        </Form>
        {solve.running && (
          <Button danger icon={<StopOutlined />} onClick={solve.stop} style={{ marginTop: 12 }}>
            {t('aiStudy.stop')}
          </Button>
        )}
      </Card>

      {solve.state.phase !== 'idle' && (
        <Card size="small" title={t('aiStudy.solve.answerTitle')}>
          <StreamAnswer state={solve.state} />
          {detached && (
            <Alert
              className={styles.gap}
              type="info"
              showIcon
              message={t('aiStudy.solve.detached')}
              action={<Button onClick={() => void fetchStored()}>{t('aiStudy.solve.fetchResult')}</Button>}
            />
          )}
          {stored?.status === 'succeeded' && (
            <div className={styles.gap}>
              <MarkdownView text={stored.content} />
              <Typography.Text type="secondary">{t('aiStudy.solve.saved')}</Typography.Text>
            </div>
          )}
          {stored?.status === 'failed' && (
            <Alert className={styles.gap} type="error" showIcon message={t('aiStudy.solve.resultFailed')} />
          )}
          {solve.state.phase === 'done' && (
            <Flex vertical gap={8} className={styles.gap}>
              <div>
                <Typography.Text strong>{t('aiStudy.correctAnswer')}: </Typography.Text>
                <Typography.Text>{correctAnswer ?? t('aiStudy.solve.noFinalAnswer')}</Typography.Text>
                {knowledgePoint && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }}>
                    {knowledgePoint}
                  </Tag>
                )}
              </div>
              {recordId && <Typography.Text type="secondary">{t('aiStudy.solve.saved')}</Typography.Text>}
            </Flex>
          )}
        </Card>
      )}

      {recordId && correctAnswer && has('stuWorkFlow:check') && (
        <Card size="small" title={t('aiStudy.check.title')}>
          <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
            <Input
              value={myAnswer}
              onChange={(e) => setMyAnswer(e.target.value)}
              maxLength={4000}
              placeholder={t('aiStudy.check.placeholder')}
              aria-label={t('aiStudy.check.title')}
              disabled={check.running}
              onPressEnter={() =>
                myAnswer.trim() && void check.start(STREAMS.check, { id: recordId, studentAnswer: myAnswer })
              }
            />
            <Button
              type="primary"
              loading={check.running}
              disabled={!myAnswer.trim()}
              onClick={() => void check.start(STREAMS.check, { id: recordId, studentAnswer: myAnswer })}
            >
              {t('aiStudy.check.submit')}
            </Button>
          </Space.Compact>
          {verdict !== undefined && (
            <div className={styles.gap}>
              <Tag color={verdict === true ? 'success' : verdict === false ? 'error' : 'default'}>
                {verdict === true
                  ? t('aiStudy.check.correct')
                  : verdict === false
                    ? t('aiStudy.check.wrong')
                    : t('aiStudy.check.unclear')}
              </Tag>
            </div>
          )}
          <StreamAnswer state={check.state} />
        </Card>
      )}
    </Flex>
  );
}
