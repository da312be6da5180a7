import { Alert, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { GUIDE_EN } from './guide-en';
import type { GuideSection } from './guide-types';
import { GUIDE_ZH_CN } from './guide-zh-cn';

/** The guide's text per locale; every other locale reads the English one (and says so). */
const GUIDES: Record<string, GuideSection[]> = { en: GUIDE_EN, 'zh-CN': GUIDE_ZH_CN };

/** Help → user guide (`/doc/guide/index`): a short guide per area of the product, with its contents. */
export default function GuidePage() {
  const { t, i18n } = useTranslation();
  const own = GUIDES[i18n.language];
  const sections = own ?? GUIDE_EN;
  const jump = (id: string) =>
    document.getElementById(`guide-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <Card size="small" title={t('guide.contents')} style={{ position: 'sticky', top: 0 }}>
          <nav aria-label={t('guide.contents')}>
            <Flex vertical align="start">
              {sections.map((s) => (
                <Button
                  key={s.id}
                  type="link"
                  size="small"
                  onClick={() => jump(s.id)}
                  style={{ paddingInline: 0 }}
                >
                  {s.title}
                </Button>
              ))}
            </Flex>
          </nav>
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Flex vertical gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('guide.title')}
          </Typography.Title>
          {!own && <Alert type="info" showIcon message={t('guide.englishOnly')} />}
          {sections.map((s) => (
            <Card
              key={s.id}
              size="small"
              id={`guide-${s.id}`}
              title={<h2 style={{ fontSize: 16, margin: 0 }}>{s.title}</h2>}
            >
              <MarkdownView text={s.body} />
            </Card>
          ))}
        </Flex>
      </Col>
    </Row>
  );
}
