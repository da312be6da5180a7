import { CameraOutlined } from '@ant-design/icons';
import type { BaseInfo } from '@lintel/contracts';
import { Avatar, Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** SPEC 9: the avatar shown when the account has none. */
const DEFAULT_AVATAR = '/upload/logo.png';

/** Avatar with its change button, name, account, organisation, position, roles and last sign-in. */
export function BasicInfoCard({ info, onChangeAvatar }: { info: BaseInfo; onChangeAvatar: () => void }) {
  const { t } = useTranslation();
  const none = t('personal.none');
  return (
    <Card title={t('personal.basicInfo')} data-testid="basic-info">
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <Avatar size={96} src={info.avatar || DEFAULT_AVATAR} alt="" data-testid="own-avatar" />
        <Button size="small" icon={<CameraOutlined />} onClick={onChangeAvatar}>
          {t('personal.avatar.change')}
        </Button>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {info.realName || info.account}
        </Typography.Title>
        {info.nickName && <Typography.Text type="secondary">{info.nickName}</Typography.Text>}
      </Flex>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('personal.field.account')}>{info.account}</Descriptions.Item>
        <Descriptions.Item label={t('personal.field.org')}>{info.orgName || none}</Descriptions.Item>
        <Descriptions.Item label={t('personal.field.position')}>{info.posName || none}</Descriptions.Item>
        <Descriptions.Item label={t('personal.field.roles')}>
          {info.roles.length ? (
            <Space size={4} wrap>
              {info.roles.map((r) => (
                <Tag key={r.id} color="blue">
                  {r.name}
                </Tag>
              ))}
            </Space>
          ) : (
            none
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('personal.field.phone')}>{info.phone || none}</Descriptions.Item>
        <Descriptions.Item label={t('personal.field.email')}>{info.email || none}</Descriptions.Item>
        <Descriptions.Item label={t('personal.field.lastLogin')}>
          {info.lastLoginTime ? dayjs(info.lastLoginTime).format('YYYY-MM-DD HH:mm') : none}
          {info.lastLoginIp ? ` (${info.lastLoginIp})` : ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
