import type { RegionSyncResult } from '@lintel/contracts';
import { Alert, Descriptions, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { syncRegions } from './region-api';

const LEVELS = [1, 2, 3, 4] as const;

/**
 * Loads the division dataset down to a chosen level (all four by default), then shows what the
 * load did: rows inserted, restored and unchanged, and the data's source and date.
 */
export function RegionSyncModal({
  open,
  onClose,
  onSynced,
}: {
  open: boolean;
  onClose(): void;
  onSynced(): void;
}) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<number>(4);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<RegionSyncResult | null>(null);

  const close = () => {
    setReport(null);
    onClose();
  };
  const run = async () => {
    setRunning(true);
    try {
      setReport(await syncRegions(level));
      onSynced();
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('region.sync.title')}
      onCancel={close}
      onOk={report ? close : run}
      okText={report ? t('region.sync.done') : t('region.sync.start')}
      cancelButtonProps={{ style: report ? { display: 'none' } : undefined }}
      cancelText={t('system.common.cancel')}
      confirmLoading={running}
      destroyOnHidden
    >
      {report ? (
        <Descriptions column={1} size="small" bordered data-testid="region-sync-report">
          <Descriptions.Item label={t('region.sync.level')}>
            {t(`region.levels.${report.level}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('region.sync.total')}>{report.total}</Descriptions.Item>
          <Descriptions.Item label={t('region.sync.inserted')}>{report.inserted}</Descriptions.Item>
          <Descriptions.Item label={t('region.sync.updated')}>{report.updated}</Descriptions.Item>
          <Descriptions.Item label={t('region.sync.unchanged')}>{report.unchanged}</Descriptions.Item>
          <Descriptions.Item label={t('region.sync.time')}>
            {t('region.sync.seconds', { seconds: (report.milliseconds / 1000).toFixed(1) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('region.sync.source')}>
            {report.source} ({report.dataDate})
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('region.sync.explain')} />
          <Radio.Group
            value={level}
            onChange={(e) => setLevel(e.target.value as number)}
            aria-label={t('region.sync.level')}
          >
            <Space orientation="vertical">
              {LEVELS.map((l) => (
                <Radio key={l} value={l}>
                  {t(`region.sync.upTo.${l}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Space>
      )}
    </Modal>
  );
}
