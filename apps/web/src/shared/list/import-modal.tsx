import type { PermissionCode } from '@lintel/contracts';
import { DownloadOutlined, FileExcelOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Statistic, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api/api-error';
import { request } from '../api/client';
import { downloadAndSave, saveBlob } from '../api/download';
import { usePermissions } from '../permission/permissions';
import {
  errorReportCsv,
  errorReportName,
  uploadProblem,
  type ImportResult,
  type ImportRowError,
} from './import-report';

export interface ImportProps {
  /** GET: the spreadsheet template. */
  templatePath: string;
  /** POST multipart (field `file`): the import; answers an ImportResult. */
  uploadPath: string;
  /** The template's file name when the server names none. */
  templateName: string;
  /** The heading of the key column of failed rows (e.g. "Account"). */
  keyTitle: string;
  /**
   * POST: the uploaded workbook with its refused rows marked, which the server keeps a while after an
   * import with errors (sysCommon/downloadErrorExcelTemp); only importers whose server keeps one pass it.
   */
  errorBookPath?: string;
  /** Called after an import that added rows, so the list can refresh. */
  onImported(result: ImportResult): void;
}

/** The dialog: template, file choice (xlsx, up to 10 MB), upload, then counts and the failed rows. */
export function ImportModal({
  templatePath,
  uploadPath,
  templateName,
  keyTitle,
  errorBookPath,
  onImported,
  onClose,
}: ImportProps & { onClose(): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const pick = (picked: File) => {
    const why = uploadProblem(picked);
    setProblem(why ? t(`listkit.${why}`, { name: picked.name }) : null);
    setFile(why ? null : picked);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const answer = await request<ImportResult>(uploadPath, { method: 'POST', body, customCatch: true });
      setResult(answer);
      if (answer.imported > 0) onImported(answer);
    } catch (error) {
      setProblem((error as ApiError).message || t('listkit.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  const saveReport = () => {
    if (!result || !file) return;
    const csv = errorReportCsv(result.errors, {
      row: t('listkit.row'),
      account: keyTitle,
      messages: t('listkit.messages'),
    });
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), errorReportName(file.name));
  };

  // The server names the file (localized, dated); the fallback only covers an answer without a name.
  const saveErrorBook = errorBookPath
    ? () =>
        void downloadAndSave(errorBookPath, {
          method: 'POST',
          fallbackName: errorReportName(file?.name ?? 'import').replace(/\.csv$/, '.xlsx'),
        }).catch(() => undefined)
    : undefined;

  const again = () => {
    setResult(null);
    setFile(null);
    setProblem(null);
  };

  const footer = result
    ? [
        <Button key="again" onClick={again}>
          {t('listkit.again')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('listkit.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('system.common.cancel')}
        </Button>,
        <Button key="upload" type="primary" disabled={!file} loading={busy} onClick={() => void upload()}>
          {t('listkit.upload')}
        </Button>,
      ];

  return (
    <Modal
      open
      title={t('listkit.importTitle')}
      width={result && result.errors.length > 0 ? 760 : 520}
      mask={{ closable: !busy }}
      closable={!busy}
      keyboard={!busy}
      onCancel={() => !busy && onClose()}
      footer={footer}
    >
      {result ? (
        <ImportOutcome
          result={result}
          keyTitle={keyTitle}
          onReport={saveReport}
          onErrorBook={saveErrorBook}
        />
      ) : (
        <Flex vertical gap={12}>
          <Flex align="center" justify="space-between" gap={12}>
            <Typography.Text type="secondary">{t('listkit.templateHint')}</Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadAndSave(templatePath, { fallbackName: templateName }).catch(() => undefined)
              }
            >
              {t('listkit.template')}
            </Button>
          </Flex>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(picked) => {
              pick(picked);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('listkit.pick')}</p>
            <p className="ant-upload-hint">{t('listkit.limits')}</p>
          </Upload.Dragger>
          {file && (
            <Typography.Text data-testid="import-file">
              {t('listkit.chosen', { name: file.name })}
            </Typography.Text>
          )}
          {problem && <Alert type="error" showIcon title={problem} />}
        </Flex>
      )}
    </Modal>
  );
}

function ImportOutcome({
  result,
  keyTitle,
  onReport,
  onErrorBook,
}: {
  result: ImportResult;
  keyTitle: string;
  onReport(): void;
  /** Saves the server's error-marked workbook; absent when the importer keeps none. */
  onErrorBook?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Flex gap={32}>
        <Statistic title={t('listkit.total')} value={result.total} />
        <Statistic
          title={t('listkit.imported')}
          value={result.imported}
          styles={{ content: { color: '#389e0d' } }}
        />
        <Statistic
          title={t('listkit.failed')}
          value={result.failed}
          styles={{ content: result.failed > 0 ? { color: '#cf1322' } : {} }}
        />
      </Flex>
      {result.errors.length === 0 ? (
        <Alert type="success" showIcon title={t('listkit.allImported', { n: result.imported })} />
      ) : (
        <>
          <Flex justify="space-between" align="center">
            <Typography.Text strong>{t('listkit.failedRows')}</Typography.Text>
            <Flex gap={8}>
              {onErrorBook && (
                <Button icon={<FileExcelOutlined />} onClick={onErrorBook}>
                  {t('listkit.errorWorkbook')}
                </Button>
              )}
              <Button icon={<DownloadOutlined />} onClick={onReport}>
                {t('listkit.errorReport')}
              </Button>
            </Flex>
          </Flex>
          <Table<ImportRowError>
            size="small"
            rowKey={(e) => `${e.row}:${e.account ?? ''}`}
            dataSource={result.errors}
            pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: t('listkit.row'), dataIndex: 'row', width: 80 },
              { title: keyTitle, dataIndex: 'account', width: 160, render: (v: string | null) => v ?? '' },
              {
                title: t('listkit.messages'),
                dataIndex: 'messages',
                render: (messages: string[]) => (
                  <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                    {messages.map((m, i) => (
                      <li key={i}>{m}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/** The toolbar's import button and its dialog; hidden without the permission. */
export function ImportButton({ permission, ...props }: ImportProps & { permission: PermissionCode }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!has(permission)) return null;
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t('listkit.import')}
      </Button>
      {open && <ImportModal {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
