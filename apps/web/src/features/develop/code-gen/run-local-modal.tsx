import { Button, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunLocalResult } from '@lintel/contracts';

/** What "generate into the project" wrote: every file, and the shared registries it joined. */
export function RunLocalModal({ result, onClose }: { result: RunLocalResult | null; onClose(): void }) {
  const { t } = useTranslation();
  const paths = (items: string[]) => (
    <List
      size="small"
      bordered
      dataSource={items}
      style={{ maxHeight: 300, overflow: 'auto', marginBottom: 16 }}
      renderItem={(path) => (
        <List.Item>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {path}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
  return (
    <Modal
      open={!!result}
      onCancel={onClose}
      width={760}
      title={t('develop.codeGen.runLocal.doneTitle')}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('develop.common.close')}
        </Button>
      }
    >
      {result && (
        <>
          <Typography.Paragraph>
            {t('develop.codeGen.runLocal.written', { n: result.written.length })}
          </Typography.Paragraph>
          {paths(result.written)}
          {result.registries.length > 0 && (
            <>
              <Typography.Paragraph>{t('develop.codeGen.runLocal.registries')}</Typography.Paragraph>
              {paths(result.registries)}
            </>
          )}
          <Typography.Paragraph type="secondary">{t('develop.codeGen.runLocal.next')}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
