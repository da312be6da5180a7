import type { PosRow, StaffRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { listStaff, posKeys } from './pos-api';

/** The accounts holding a position (main or affiliated), within the viewer's data scope. */
export function StaffDrawer({ position, onClose }: { position: PosRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { data = [], isFetching } = useQuery({
    queryKey: posKeys.staff(position?.id ?? ''),
    queryFn: () => listStaff(position!.id),
    enabled: !!position,
  });
  return (
    <Drawer
      open={!!position}
      onClose={onClose}
      width={720}
      title={position ? t('system.pos.staffOf', { name: position.name }) : ''}
    >
      <Table<StaffRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('system.pos.account'), dataIndex: 'account' },
          { title: t('system.pos.realName'), dataIndex: 'realName' },
          { title: t('system.pos.org'), dataIndex: 'orgName' },
          { title: t('system.pos.phone'), dataIndex: 'phone' },
          {
            title: t('system.pos.holds'),
            dataIndex: 'main',
            render: (main: boolean) =>
              main ? (
                <Tag color="processing">{t('system.pos.main')}</Tag>
              ) : (
                <Tag>{t('system.pos.affiliated')}</Tag>
              ),
          },
          {
            title: t('system.common.status'),
            dataIndex: 'status',
            render: (s: number) =>
              s === 1 ? (
                <Tag color="success">{t('system.common.enabled')}</Tag>
              ) : (
                <Tag>{t('system.common.disabled')}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
