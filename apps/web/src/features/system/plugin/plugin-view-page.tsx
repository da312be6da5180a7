import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Typography } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pluginIndex } from './plugin-api';

/**
 * A plugin's page (component `/system/plugin/view`): the web app is built before any plugin is
 * known, so a plugin page shows what the plugin answers at its index route `GET /api/plugin/<name>/`,
 * the plugin's name being the last part of the menu's path (`/platform/hello-notes`).
 */
export default function PluginViewPage() {
  const { t } = useTranslation();
  const name = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  const answer = useQuery({ queryKey: ['plugin', name], queryFn: () => pluginIndex(name) });
  return (
    <Card size="small" title={t('plugin.viewTitle', { name })}>
      {answer.isLoading ? (
        <Spin />
      ) : answer.data === undefined ? (
        <Empty />
      ) : (
        <Typography.Paragraph>
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(answer.data, null, 2)}</pre>
        </Typography.Paragraph>
      )}
    </Card>
  );
}
