import { Alert, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../shared/session/use-session';
import { DemoCard } from '../demo-card';

const SliderCaptcha = lazy(() => import('../../../shared/slider/slider-captcha'));

/** The sign-in page's slider captcha on its own: the server checks the drag and issues a pass. */
export default function DragVerifyDemo() {
  const { t } = useTranslation();
  const tenantId = useUserInfo().data?.tenantId;
  const [round, setRound] = useState(0);
  const [pass, setPass] = useState<string | null>(null);
  return (
    <DemoCard
      title="routes.demoDragVerify"
      intro="demo.drag.intro"
      extra={
        <Button
          onClick={() => {
            setPass(null);
            setRound((r) => r + 1);
          }}
        >
          {t('demo.drag.again')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: 340, maxWidth: '100%' }}>
        {tenantId && (
          <Suspense fallback={null}>
            <SliderCaptcha tenantId={tenantId} round={round} onChange={setPass} />
          </Suspense>
        )}
        {pass && <Alert type="success" showIcon title={t('demo.drag.passed')} data-testid="drag-passed" />}
      </Space>
    </DemoCard>
  );
}
