import { Alert, Button, Card, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../shared/markdown/markdown-view';
import { GUIDE_EN } from './guide-en';
import type { GuideSection } from './guide-types';
import { GUIDE_ZH_CN } from './guide-zh-cn';

/** The guide's text per locale; every other locale reads the English one (and says so). */
const GUIDES: Record<string, GuideSection[]> = { en: GUIDE_EN, 'zh-CN': GUIDE_ZH_CN };

/**
 * Scrolls the shell's content pane (the nearest scrolling ancestor) to a section. scrollIntoView
 * would scroll every ancestor, the shell's fixed frame included, and shift the whole layout.
 */
function scrollWithin(section: HTMLElement) {
  let pane = section.parentElement;
  while (
    pane &&
    !(pane.scrollHeight > pane.clientHeight && /auto|scroll/.test(getComputedStyle(pane).overflowY))
  )
    pane = pane.parentElement;
  if (!pane) {
    // The shell lets the document scroll (its header and tags stay on top): leave room for them.
    window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 112 });
    return;
  }
  const top = section.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop - 8;
  pane.scrollTo({ top });
}

/** Help → user guide (`/doc/guide/index`): a short guide per area of the product, with its contents. */
export default function GuidePage() {
  const { t, i18n } = useTranslation();
  const own = GUIDES[i18n.language];
  const sections = own ?? GUIDE_EN;
  const jump = (id: string) => {
    const section = document.getElementById(`guide-${id}`);
    if (!section) return;
    scrollWithin(section);
    // Keyboard and screen-reader users land on the section too.
    section.focus({ preventScroll: true });
  };
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
        <Flex vertical gap={12} role="region" aria-label={t('guide.title')}>
          {!own && <Alert type="info" showIcon title={t('guide.englishOnly')} />}
          {sections.map((s) => (
            <Card
              key={s.id}
              size="small"
              id={`guide-${s.id}`}
              tabIndex={-1}
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
