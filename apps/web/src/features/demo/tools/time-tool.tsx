import { Alert, DatePicker, Descriptions, Input, Segmented, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromTimestamp, guessUnit } from './id-tools';

type Unit = 's' | 'ms';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Unix timestamps to dates (local time and UTC) and back, with the current time ticking above. */
export function TimeTool() {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [stamp, setStamp] = useState(() => String(Math.floor(Date.now() / 1000)));
  const [unit, setUnit] = useState<Unit>('s');
  const [picked, setPicked] = useState<Dayjs | null>(null);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const date = stamp.trim() ? fromTimestamp(stamp, unit) : null;
  const local = (d: Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'long', timeZone: zone }).format(
      d,
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={1} title={t('demo.tools.now')}>
        <Descriptions.Item label={t('demo.tools.seconds')}>
          <Typography.Text copyable data-testid="tool-now-seconds">
            {Math.floor(now / 1000)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('demo.tools.milliseconds')}>
          <Typography.Text copyable>{now}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      <Space wrap>
        <label htmlFor="tool-time-stamp">{t('demo.tools.timestamp')}</label>
        <Input
          id="tool-time-stamp"
          style={{ width: 220 }}
          value={stamp}
          onChange={(e) => {
            setStamp(e.target.value);
            setUnit(guessUnit(e.target.value));
          }}
        />
        <Segmented<Unit>
          aria-label={t('demo.tools.unit')}
          value={unit}
          onChange={setUnit}
          options={[
            { value: 's', label: t('demo.tools.seconds') },
            { value: 'ms', label: t('demo.tools.milliseconds') },
          ]}
        />
      </Space>
      {date ? (
        <Descriptions size="small" bordered column={1} data-testid="tool-time-result">
          <Descriptions.Item label={t('demo.tools.localTime', { zone })}>{local(date)}</Descriptions.Item>
          <Descriptions.Item label={t('demo.tools.utc')}>
            <Typography.Text copyable>{date.toISOString()}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        stamp.trim() && <Alert role="alert" showIcon type="error" title={t('demo.tools.badTimestamp')} />
      )}

      <Space wrap>
        <label htmlFor="tool-time-date">{t('demo.tools.date')}</label>
        <DatePicker id="tool-time-date" showTime value={picked} onChange={setPicked} />
      </Space>
      {picked && (
        <Descriptions size="small" bordered column={1} data-testid="tool-date-result">
          <Descriptions.Item label={t('demo.tools.seconds')}>
            <Typography.Text copyable>{picked.unix()}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('demo.tools.milliseconds')}>
            <Typography.Text copyable>{picked.valueOf()}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
