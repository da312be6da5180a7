import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of every demo page: its title, what it shows, and the demo itself. */
export function DemoCard(props: { title: string; intro: string; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={t(props.title)} extra={props.extra} data-testid="demo-page">
      <Typography.Paragraph type="secondary">{t(props.intro)}</Typography.Paragraph>
      {props.children}
    </Card>
  );
}
