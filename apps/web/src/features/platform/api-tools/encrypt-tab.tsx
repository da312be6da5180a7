import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { encodedLength, encryptPlainText, MAX_ENCODED_TEXT } from './api-tools-api';

/** A text encrypted with the server's SM2 public key, e.g. a password for a hand-made sign-in call. */
export function EncryptTab() {
  const { t } = useTranslation();
  const encrypt = useMutation<string, Error, string>({ mutationFn: encryptPlainText });
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('apiTools.encryptIntro')}
      </Typography.Paragraph>
      <Form<{ plainText: string }>
        layout="vertical"
        onFinish={({ plainText }) => encrypt.mutate(plainText)}
        onValuesChange={() => encrypt.reset()}
      >
        <Form.Item
          name="plainText"
          label={t('apiTools.plainText')}
          rules={[
            { required: true, message: t('apiTools.plainTextRequired') },
            {
              validator: (_, value?: string) =>
                value && encodedLength(value) > MAX_ENCODED_TEXT
                  ? Promise.reject(new Error(t('apiTools.plainTextTooLong', { max: MAX_ENCODED_TEXT })))
                  : Promise.resolve(),
            },
          ]}
        >
          {/* A password manager must not fill or keep what is typed here. */}
          <Input.TextArea rows={3} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<LockOutlined />} loading={encrypt.isPending}>
          {t('apiTools.encrypt')}
        </Button>
      </Form>
      {encrypt.data && (
        <Alert
          type="success"
          title={t('apiTools.cipherText')}
          description={
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="cipher-text">
              {encrypt.data}
            </Typography.Text>
          }
        />
      )}
    </Flex>
  );
}
