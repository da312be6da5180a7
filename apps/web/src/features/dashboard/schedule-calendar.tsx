import { DeleteOutlined, EditOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ScheduleStatus, type ScheduleInput, type ScheduleItem } from '@lintel/contracts';
import {
  Alert,
  Badge,
  Button,
  Calendar,
  Card,
  Checkbox,
  Empty,
  Flex,
  List,
  Popconfirm,
  Space,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import { byDay, visibleRange } from './month-range';
import {
  addSchedule,
  deleteSchedule,
  fetchSchedules,
  scheduleKeys,
  setScheduleStatus,
  updateSchedule,
} from './schedule-api';
import { figuresKey } from './figures-api';
import { ScheduleDialog } from './schedule-dialog';

/**
 * The personal schedule calendar (SPEC 2): a month with last month / next month / today, days
 * holding entries marked, the chosen day's entries below with their status, edit and delete.
 */
export function ScheduleCalendar({ today = dayjs() }: { today?: Dayjs }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(() => today.startOf('day'));
  const [dialog, setDialog] = useState<{ item?: ScheduleItem } | null>(null);
  const range = visibleRange(selected);
  const entries = useQuery({
    queryKey: scheduleKeys.range(range.from, range.to),
    queryFn: () => fetchSchedules(range.from, range.to),
  });
  const days = useMemo(() => byDay(entries.data ?? []), [entries.data]);
  const dayKey = selected.format('YYYY-MM-DD');
  const ofDay = days.get(dayKey) ?? [];

  // The figures card's schedule progress counts these entries: it follows every change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: figuresKey }),
    ]);
  const save = useMutation({
    mutationFn: (values: ScheduleInput) =>
      dialog?.item ? updateSchedule({ ...values, id: dialog.item.id }) : addSchedule(values),
    onSuccess: async (_r, values) => {
      notifier().success(t('home.schedule.saved'));
      setDialog(null);
      setSelected(dayjs(values.scheduleTime));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: async () => {
      notifier().success(t('home.schedule.deleted'));
      await refresh();
    },
  });
  const status = useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      setScheduleStatus(id, done ? ScheduleStatus.Done : ScheduleStatus.Open),
    onSuccess: async () => {
      notifier().success(t('home.schedule.statusSet'));
      await refresh();
    },
    onError: () => notifier().error(t('home.schedule.statusFailed')),
  });

  return (
    <Card
      title={t('home.schedule.title')}
      data-testid="schedule-calendar"
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('home.schedule.add')}
        </Button>
      }
    >
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('home.schedule.prevMonth')}
          onClick={() => setSelected((d) => d.subtract(1, 'month').startOf('month'))}
        >
          {t('home.schedule.prevMonth')}
        </Button>
        <Space>
          <Typography.Text strong data-testid="calendar-month">
            {selected.format('YYYY-MM')}
          </Typography.Text>
          <Button size="small" onClick={() => setSelected(today.startOf('day'))}>
            {t('home.schedule.today')}
          </Button>
        </Space>
        <Button
          size="small"
          aria-label={t('home.schedule.nextMonth')}
          onClick={() => setSelected((d) => d.add(1, 'month').startOf('month'))}
        >
          {t('home.schedule.nextMonth')}
          <RightOutlined />
        </Button>
      </Flex>
      {entries.isError && (
        <Alert
          type="error"
          showIcon
          title={t('home.loadFailed')}
          action={
            <Button size="small" onClick={() => void entries.refetch()}>
              {t('home.retry')}
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <Spin spinning={entries.isFetching}>
        <Calendar
          fullscreen={false}
          value={selected}
          headerRender={() => null}
          onSelect={(date) => setSelected(date.startOf('day'))}
          cellRender={(date, info) => {
            if (info.type !== 'date') return info.originNode;
            const count = days.get(date.format('YYYY-MM-DD'))?.length ?? 0;
            return count ? (
              <Badge
                status="processing"
                data-testid={`marked-${date.format('YYYY-MM-DD')}`}
                title={String(count)}
              />
            ) : null;
          }}
        />
      </Spin>
      <Typography.Title level={3} style={{ marginTop: 8, fontSize: 16 }}>
        {selected.format('YYYY-MM-DD dddd')}
      </Typography.Title>
      {ofDay.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.schedule.empty')} />
      ) : (
        <List
          size="small"
          dataSource={ofDay}
          data-testid="day-entries"
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="edit"
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('home.schedule.edit')}
                  onClick={() => setDialog({ item })}
                />,
                <Popconfirm
                  key="delete"
                  title={t('home.schedule.confirmDelete')}
                  onConfirm={() => remove.mutateAsync(item.id)}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('home.schedule.delete')}
                  />
                </Popconfirm>,
              ]}
            >
              <Space align="start">
                <Checkbox
                  checked={item.status === ScheduleStatus.Done}
                  aria-label={t('home.schedule.done')}
                  onChange={(e) => status.mutate({ id: item.id, done: e.target.checked })}
                />
                <div>
                  <Typography.Text type="secondary">
                    {item.startTime}–{item.endTime}
                  </Typography.Text>
                  <div>
                    <Typography.Text delete={item.status === ScheduleStatus.Done}>
                      {item.content}
                    </Typography.Text>
                  </div>
                </div>
              </Space>
            </List.Item>
          )}
        />
      )}
      <ScheduleDialog
        open={dialog !== null}
        item={dialog?.item}
        day={selected}
        onCancel={() => setDialog(null)}
        onSubmit={save.mutateAsync}
      />
    </Card>
  );
}
