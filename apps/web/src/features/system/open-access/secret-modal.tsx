import type { OpenAccessSecret } from '@lintel/contracts';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The key and its secret, shown this once (after add and after a new secret). */
export function SecretModal({ secret, onClose }: { secret: OpenAccessSecret | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t('openAccess.secretTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('openAccess.secretDone')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={620}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('openAccess.secretOnce')} style={{ marginBottom: 16 }} />
      {secret && (
        <Descriptions column={1} bordered size="small" data-testid="open-access-secret">
          <Descriptions.Item label={t('openAccess.accessKey')}>
            <Typography.Text code copyable>
              {secret.accessKey}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('openAccess.accessSecret')}>
            <Typography.Text code copyable data-testid="open-access-secret-value">
              {secret.accessSecret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
