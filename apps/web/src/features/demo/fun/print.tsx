import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../shared/session/use-session';
import { DemoCard } from '../demo-card';
import styles from './print.module.css';

/** Prints one region of the page: print CSS hides the rest while window.print() runs. */
export default function PrintDemo() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const rows = [
    { key: 'account', item: t('demo.common.account'), value: user?.account ?? '' },
    { key: 'name', item: t('demo.print.name'), value: user?.realName ?? '' },
    { key: 'org', item: t('demo.print.org'), value: user?.orgName ?? '' },
  ];
  return (
    <DemoCard
      title="routes.demoPrint"
      intro="demo.print.intro"
      extra={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('demo.print.print')}
        </Button>
      }
    >
      <section className={styles.sheet} data-testid="print-sheet" aria-label={t('demo.print.sheet')}>
        <h2>{t('demo.print.heading')}</h2>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('demo.print.printedAt')}>
            {new Date().toLocaleString()}
          </Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('demo.print.item'), dataIndex: 'item' },
            { title: t('demo.print.value'), dataIndex: 'value' },
          ]}
        />
      </section>
    </DemoCard>
  );
}
