import { Col, Flex, Row } from 'antd';
import { AboutCard } from './about-card';
import { ChangelogCard } from '../../shared/changelog/changelog-card';
import { ScheduleCalendar } from './schedule-calendar';
import { ShortcutsCard } from './shortcuts-card';

/**
 * The dashboard widgets that have a data source: schedule calendar, shortcuts, version and update
 * log, about the project. Notices, project progress and income have none yet and are not shown.
 */
export default function DashboardWidgets({ tenantId }: { tenantId: string }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <ScheduleCalendar />
      </Col>
      <Col xs={24} xl={14}>
        <Flex vertical gap={16}>
          <ShortcutsCard />
          <ChangelogCard />
          <AboutCard tenantId={tenantId} />
        </Flex>
      </Col>
    </Row>
  );
}
