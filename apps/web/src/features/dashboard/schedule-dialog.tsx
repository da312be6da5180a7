import type { ScheduleInput, ScheduleItem } from '@lintel/contracts';
import { DatePicker, Form, Input, Modal, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Values {
  scheduleTime: Dayjs;
  startTime: Dayjs;
  endTime: Dayjs;
  content: string;
}

interface Props {
  open: boolean;
  /** The entry to edit; a new one on `day` when absent. */
  item?: ScheduleItem;
  day: Dayjs;
  onCancel: () => void;
  onSubmit: (values: ScheduleInput) => Promise<unknown>;
}

/** Add or edit a calendar entry; SPEC 5 required-field messages, end after start. */
export function ScheduleDialog({ open, item, day, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      item
        ? {
            scheduleTime: dayjs(item.scheduleTime),
            startTime: dayjs(`${item.scheduleTime} ${item.startTime}`),
            endTime: dayjs(`${item.scheduleTime} ${item.endTime}`),
            content: item.content,
          }
        : {
            scheduleTime: day,
            startTime: day.hour(9).minute(0),
            endTime: day.hour(10).minute(0),
            content: '',
          },
    );
  }, [open, item, day, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit({
        scheduleTime: values.scheduleTime.format('YYYY-MM-DD'),
        startTime: values.startTime.format('HH:mm'),
        endTime: values.endTime.format('HH:mm'),
        content: values.content.trim(),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={item ? t('home.schedule.edit') : t('home.schedule.add')}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: saving }}
      okText={t('home.schedule.save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="schedule-form">
        <Form.Item
          name="scheduleTime"
          label={t('home.schedule.date')}
          rules={[{ required: true, message: t('home.schedule.dateRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="startTime"
          label={t('home.schedule.start')}
          rules={[{ required: true, message: t('home.schedule.startRequired') }]}
        >
          <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('home.schedule.end')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('home.schedule.endRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | undefined) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                return !value || !start || value.format('HH:mm') > start.format('HH:mm')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('home.schedule.endAfterStart')));
              },
            }),
          ]}
        >
          <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('home.schedule.content')}
          rules={[
            { required: true, whitespace: true, message: t('home.schedule.contentRequired') },
            { max: 512 },
          ]}
        >
          <Input.TextArea rows={3} maxLength={512} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
