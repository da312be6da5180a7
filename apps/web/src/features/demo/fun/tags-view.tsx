import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTagsControl } from '../../../shared/routing/tags-control';
import { DemoCard } from '../demo-card';

/** Pages the demo opens as tags: two demos and the same route with two parameters. */
const OPENABLE = [
  '/demo/fun/countUp',
  '/demo/fun/qrcode',
  '/demo/params/view/1?tab=a',
  '/demo/params/view/2?tab=b',
];

/**
 * Drives the shell's tags view with its own actions: open pages as tags, refresh this page, close a
 * tag, close the others, close all. The mount count shows that refresh remounts the page.
 */
export default function TagsViewDemo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const control = useTagsControl();
  // Counted at mount: "refresh" remounts the page, so a fresh state shows it happened.
  const [mountedAt] = useState(() => new Date().toLocaleTimeString());
  return (
    <DemoCard title="routes.demoTagsView" intro="demo.tags.intro">
      {!control ? (
        <Alert type="warning" showIcon title={t('demo.tags.off')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            {OPENABLE.map((href) => (
              <Button key={href} onClick={() => void navigate(href)}>
                {t('demo.tags.open', { path: href })}
              </Button>
            ))}
          </Space>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => control.run('refresh', control.currentKey ?? '')}
            >
              {t('demo.tags.refresh')}
            </Button>
            <Button onClick={() => control.run('closeOthers', control.currentKey ?? '')}>
              {t('demo.tags.closeOthers')}
            </Button>
            <Button danger onClick={() => control.run('closeAll')}>
              {t('demo.tags.closeAll')}
            </Button>
            <span role="status">{t('demo.tags.mounted', { time: mountedAt })}</span>
          </Space>
          <List
            bordered
            data-testid="demo-tags"
            dataSource={control.tags}
            renderItem={(tag) => (
              <List.Item
                actions={[
                  <Button
                    key="close"
                    size="small"
                    icon={<CloseOutlined />}
                    disabled={tag.affix}
                    aria-label={t('demo.tags.close', { title: tag.title })}
                    onClick={() => control.run('close', tag.key)}
                  />,
                ]}
              >
                <Space>
                  {tag.title}
                  <code>{tag.href}</code>
                  {tag.key === control.currentKey && <Tag color="processing">{t('demo.tags.current')}</Tag>}
                  {tag.affix && <Tag>{t('demo.tags.affix')}</Tag>}
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
    </DemoCard>
  );
}
