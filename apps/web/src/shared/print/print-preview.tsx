import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';
import { printInFrame } from './print-frame';
import { printDocumentHtml, sheetSize, type PrintSheet } from './print-render';
import type { PrintRecord } from './print-values';

interface Props {
  /** null: closed. */
  sheet: PrintSheet | null;
  records: readonly PrintRecord[];
  /** The document's title and the PDF's file name. */
  title: string;
  onClose(): void;
}

/**
 * The sheets as they will print, in a frame of their own (the page's styles stay out), with print
 * and PDF download. The frame's document is static HTML: nothing in it runs.
 */
export function PrintPreviewModal({ sheet, records, title, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const html = useMemo(
    () => (sheet ? printDocumentHtml(sheet, records, i18n.language, title) : ''),
    [sheet, records, i18n.language, title],
  );
  const width = sheet ? sheetSize(sheet).width : 210;

  const pdf = async () => {
    if (!sheet) return;
    setBusy(true);
    try {
      const { downloadPdf } = await import('./print-pdf');
      await downloadPdf(sheet, records, title);
    } catch {
      notifier().error(t('print.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!sheet}
      title={t('print.preview.title', { name: title })}
      onCancel={onClose}
      // The sheet's width in CSS pixels (96 per inch) and room for the frame's padding.
      width={Math.min(Math.round((width * 96) / 25.4) + 80, 1400)}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('print.preview.close')}
        </Button>,
        <Button key="pdf" icon={<DownloadOutlined />} loading={busy} onClick={() => void pdf()}>
          {t('print.preview.pdf')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => printInFrame(html)}>
          {t('print.preview.print')}
        </Button>,
      ]}
    >
      <iframe
        title={t('print.preview.frame')}
        srcDoc={html}
        data-testid="print-preview-frame"
        style={{ width: '100%', height: '65vh', border: '1px solid #d9d9d9', background: '#e9e9e9' }}
      />
    </Modal>
  );
}
