import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { demoKeys, fetchBackEnd } from '../demo-api';
import { DemoCard } from '../demo-card';

/**
 * Back-end page permission: the page always asks the server; the server answers only holders of
 * demo:backEndPage and refuses the rest with 403 and its own (localized) message, shown here.
 */
export default function BackEndPermission() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: demoKeys.backEnd, queryFn: fetchBackEnd });
  const refused = query.error instanceof ApiError ? query.error : null;
  return (
    <DemoCard
      title="routes.demoBackEnd"
      intro="demo.backEnd.intro"
      extra={<Button onClick={() => void query.refetch()}>{t('demo.common.reload')}</Button>}
    >
      {query.isPending && <Spin />}
      {query.data && (
        <Descriptions bordered size="small" column={1} data-testid="back-end-result">
          <Descriptions.Item label={t('demo.common.account')}>{query.data.account}</Descriptions.Item>
          <Descriptions.Item label={t('demo.backEnd.roles')}>
            {query.data.roles.map((role) => (
              <Tag key={role}>{role}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('demo.backEnd.codes')}>
            {query.data.demoCodes.map((code) => (
              <Tag key={code} color="success">
                {code}
              </Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('demo.backEnd.serverTime')}>
            {new Date(query.data.serverTime).toLocaleString()}
          </Descriptions.Item>
        </Descriptions>
      )}
      {refused && (
        <Alert
          type="error"
          showIcon
          data-testid="back-end-refused"
          title={t('demo.backEnd.refused', { status: refused.status })}
          description={refused.message}
        />
      )}
    </DemoCard>
  );
}
