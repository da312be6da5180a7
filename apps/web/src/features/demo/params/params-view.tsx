import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DemoCard } from '../demo-card';

/** The page behind `/demo/params/view/:id/:tagsViewName?`: what the route and the query carried. */
export default function ParamsView() {
  const { t } = useTranslation();
  const { id = '', tagsViewName } = useParams();
  const [query] = useSearchParams();
  return (
    <DemoCard title="routes.demoParamsView" intro="demo.params.viewIntro">
      <Descriptions bordered size="small" column={1} data-testid="param-values">
        <Descriptions.Item label={t('demo.params.id')}>
          <strong data-testid="param-id">{id}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('demo.params.name')}>{tagsViewName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('demo.params.tab')}>
          <strong data-testid="param-tab">{query.get('tab') ?? '-'}</strong>
        </Descriptions.Item>
      </Descriptions>
      <p style={{ marginTop: 16 }}>
        <Link to="/demo/params">{t('demo.params.back')}</Link>
      </p>
    </DemoCard>
  );
}
