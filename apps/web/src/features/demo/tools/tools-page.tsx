import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DemoCard } from '../demo-card';
import { Base64Tool } from './base64-tool';
import { IdTool } from './id-tool';
import { JsonTool } from './json-tool';
import { TimeTool } from './time-tool';

/** Everyday utilities of an administrator, run in the browser alone: nothing typed here leaves it. */
export default function ToolsDemo() {
  const { t } = useTranslation();
  return (
    <DemoCard title="routes.demoTools" intro="demo.tools.intro">
      <Tabs
        data-testid="tools"
        items={[
          { key: 'json', label: t('demo.tools.json'), children: <JsonTool /> },
          { key: 'base64', label: t('demo.tools.base64'), children: <Base64Tool /> },
          { key: 'ids', label: t('demo.tools.ids'), children: <IdTool /> },
          { key: 'time', label: t('demo.tools.time'), children: <TimeTool /> },
        ]}
      />
    </DemoCard>
  );
}
