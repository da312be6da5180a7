import { Alert, Descriptions, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth, usePermissions } from '../../../shared/permission/permissions';
import { useUserInfo } from '../../../shared/session/use-session';
import { DemoCard } from '../demo-card';

/**
 * Front-end page permission: the menu reaches accounts whose roles hold this page, and the panel
 * below shows only with the page's button code demo:frontPage (the shell's `Auth` gate).
 */
export default function FrontPagePermission() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const held = usePermissions().has('demo:frontPage');
  return (
    <DemoCard title="routes.demoFrontPage" intro="demo.frontPage.intro">
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('demo.common.account')}>{user?.account}</Descriptions.Item>
        <Descriptions.Item label="demo:frontPage">
          <Tag color={held ? 'success' : 'default'}>
            {held ? t('demo.common.held') : t('demo.common.notHeld')}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <Auth value="demo:frontPage">
          <Alert
            type="success"
            showIcon
            title={t('demo.frontPage.granted')}
            data-testid="front-page-content"
          />
        </Auth>
        {!held && <Result status="403" title="403" subTitle={t('demo.frontPage.denied')} />}
      </div>
    </DemoCard>
  );
}
