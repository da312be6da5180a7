import { Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../list/modification-record-changes';
import { NoticeHtml } from './notice-html';

/** What the detail view needs of a notice, managed or received. */
export interface ShownNotice {
  title: string;
  content: string;
  type: number;
  publicUserName: string | null;
  publicOrgName?: string | null;
  publicTime: string | null;
}

/** A notice as its readers see it: title, type, publisher and time, and the sanitised content. */
export function NoticeDetailModal({ notice, onClose }: { notice: ShownNotice | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!notice} title={notice?.title} footer={null} width={760} onCancel={onClose} destroyOnHidden>
      {notice && (
        <>
          <Space wrap size={12} style={{ marginBottom: 12 }}>
            <Tag color={notice.type === 2 ? 'purple' : 'blue'}>{t(`notice.types.${notice.type}`)}</Tag>
            <Typography.Text type="secondary">
              {notice.publicTime
                ? t('notice.publishedBy', {
                    name: [notice.publicUserName, notice.publicOrgName].filter(Boolean).join(' · '),
                    time: formatTime(notice.publicTime),
                  })
                : t('notice.statuses.0')}
            </Typography.Text>
          </Space>
          <NoticeHtml html={notice.content} />
        </>
      )}
    </Modal>
  );
}
