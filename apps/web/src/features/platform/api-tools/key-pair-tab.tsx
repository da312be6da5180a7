import type { SmKeyPairOutput } from '@lintel/contracts';
import { KeyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newSmKeyPair } from './api-tools-api';

/** A fresh SM2 key pair for a client or a test (never the server's own pair). */
export function KeyPairTab() {
  const { t } = useTranslation();
  const generate = useMutation<SmKeyPairOutput>({ mutationFn: newSmKeyPair });
  const pair = generate.data;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('apiTools.keyPairIntro')}
      </Typography.Paragraph>
      <div>
        <Button
          type="primary"
          icon={<KeyOutlined />}
          loading={generate.isPending}
          onClick={() => generate.mutate()}
        >
          {t('apiTools.generate')}
        </Button>
      </div>
      {pair && (
        <Descriptions bordered size="small" column={1} data-testid="key-pair">
          <Descriptions.Item label={t('apiTools.publicKey')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {pair.publicKey}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('apiTools.privateKey')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {pair.privateKey}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Flex>
  );
}
