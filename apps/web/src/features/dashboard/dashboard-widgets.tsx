import { Col, Flex, Row } from 'antd';
import { AboutCard } from './about-card';
import { ChangelogCard } from '../../shared/changelog/changelog-card';
import { FiguresCard } from './figures-card';
import { ScheduleCalendar } from './schedule-calendar';
import { ShortcutsCard } from './shortcuts-card';
import { NoticeWidget } from './notice-widget';

/**
 * The dashboard widgets, each on data the product holds: live figures and schedule progress, the
 * schedule calendar, the newest notices received, shortcuts, version and update log, about the
 * project. Income has no source in the product and is not shown.
 */
export default function DashboardWidgets({ tenantId }: { tenantId: string }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <Flex vertical gap={16}>
          <FiguresCard />
          <ScheduleCalendar />
        </Flex>
      </Col>
      <Col xs={24} xl={14}>
        <Flex vertical gap={16}>
          <NoticeWidget />
          <ShortcutsCard />
          <ChangelogCard />
          <AboutCard tenantId={tenantId} />
        </Flex>
      </Col>
    </Row>
  );
}
