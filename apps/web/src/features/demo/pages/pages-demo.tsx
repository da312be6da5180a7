import type { ReceivedNoticeRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageReceived } from '../../../shared/inbox/inbox-api';
import { NoticeHtml } from '../../../shared/inbox/notice-html';
import { DemoCard } from '../demo-card';

const PAGE_SIZE = 10;

/**
 * The list, detail and form pattern on data every account may read: the notices it received
 * (sysNotice/pageReceived), filtered by a search form, paged by the server, opened in a drawer.
 */
export default function PagesDemo() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title?: string }>();
  const [filter, setFilter] = useState<{ title?: string; page: number }>({ page: 1 });
  const [open, setOpen] = useState<ReceivedNoticeRow | null>(null);
  const list = useQuery({
    queryKey: ['demo', 'pages', filter],
    queryFn: () => pageReceived({ page: filter.page, pageSize: PAGE_SIZE, title: filter.title || undefined }),
  });
  return (
    <DemoCard title="routes.demoPages" intro="demo.pages.intro">
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => setFilter({ title: values.title?.trim(), page: 1 })}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="title" label={t('demo.pages.title')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('demo.pages.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilter({ page: 1 });
            }}
          >
            {t('demo.pages.reset')}
          </Button>
        </Space>
      </Form>
      <Table<ReceivedNoticeRow>
        data-testid="pages-table"
        rowKey="noticeId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: filter.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        columns={[
          {
            title: t('demo.pages.title'),
            dataIndex: 'title',
            render: (title: string, row) => (
              <Button type="link" onClick={() => setOpen(row)}>
                {title}
              </Button>
            ),
          },
          { title: t('demo.pages.publisher'), dataIndex: 'publicUserName' },
          {
            title: t('demo.pages.read'),
            dataIndex: 'readStatus',
            render: (read: number) => (
              <Tag color={read ? 'default' : 'processing'}>
                {read ? t('demo.pages.isRead') : t('demo.pages.unread')}
              </Tag>
            ),
          },
        ]}
      />
      <Drawer open={!!open} width={560} title={open?.title} onClose={() => setOpen(null)}>
        {open && (
          <>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('demo.pages.publisher')}>{open.publicUserName}</Descriptions.Item>
              <Descriptions.Item label={t('demo.pages.time')}>{open.publicTime}</Descriptions.Item>
            </Descriptions>
            <NoticeHtml html={open.content} />
          </>
        )}
      </Drawer>
    </DemoCard>
  );
}
