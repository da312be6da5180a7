import type { WechatPayNativeInput, WechatPayRow, WechatRefundRow } from '@lintel/contracts';
import { Alert, Button, Drawer, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { qrSvg } from '../../../shared/print/print-codes';
import { listRefunds, refundFromWechat, wechatPayKeys, yuan } from './wechat-pay-api';

/** The colour of a WeChat trade or refund state. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const color =
    {
      SUCCESS: 'success',
      REFUND: 'purple',
      NOTPAY: 'gold',
      USERPAYING: 'processing',
      PROCESSING: 'processing',
      CLOSED: 'default',
      ABNORMAL: 'error',
      PAYERROR: 'error',
      REVOKED: 'default',
    }[state] ?? 'default';
  return <Tag color={color}>{t(`wechatPay.state_${state}`, { defaultValue: state })}</Tag>;
}

type NativeForm = { description: string; yuan: number };

/** New Native order: description and amount in yuan; then the QR code the payer scans. */
export function NativeOrderModal(props: {
  open: boolean;
  onSubmit(input: WechatPayNativeInput): Promise<{ outTradeNumber: string; qrcodeUrl: string }>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NativeForm>();
  const [placed, setPlaced] = useState<{ outTradeNumber: string; qrcodeUrl: string } | null>(null);
  const values = useMemo(() => (props.open ? { description: '', yuan: 0.01 } : null), [props.open]);
  const close = () => {
    setPlaced(null);
    props.onClose();
  };
  if (placed) {
    const svg = qrSvg(placed.qrcodeUrl);
    return (
      <Modal
        open
        title={t('wechatPay.scanTitle')}
        onCancel={close}
        footer={<Button onClick={close}>{t('wechatPay.done')}</Button>}
      >
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          {svg && (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
              width={220}
              height={220}
              alt={t('wechatPay.qrAlt', { no: placed.outTradeNumber })}
              data-testid="wechat-pay-qr"
            />
          )}
          <Typography.Text>{t('wechatPay.scanHint')}</Typography.Text>
          <Typography.Text code copyable>
            {placed.outTradeNumber}
          </Typography.Text>
        </Space>
      </Modal>
    );
  }
  return (
    <FormModal
      values={values}
      title={t('wechatPay.nativeTitle')}
      form={form}
      okText={t('wechatPay.placeOrder')}
      onSubmit={async (v) =>
        setPlaced(
          await props.onSubmit({ description: v.description.trim(), total: Math.round(v.yuan * 100) }),
        )
      }
      onClose={close}
    >
      <Form.Item
        name="description"
        label={t('wechatPay.description')}
        rules={[{ required: true, whitespace: true, message: t('wechatPay.required') }]}
      >
        <Input maxLength={127} />
      </Form.Item>
      <Form.Item
        name="yuan"
        label={t('wechatPay.amountYuan')}
        rules={[{ required: true, message: t('wechatPay.required') }]}
      >
        <InputNumber min={0.01} max={100000000} step={0.01} precision={2} style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}

type RefundForm = { yuan: number; reason?: string };

/** Refund part or all of a paid order: at most what is left. */
export function RefundModal(props: {
  row: WechatPayRow | null;
  onSubmit(input: { tradeId: string; refund: number; reason: string | null }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RefundForm>();
  const { row } = props;
  const left = row ? row.total - row.refunded : 0;
  const values = useMemo(() => (row ? { yuan: (row.total - row.refunded) / 100, reason: '' } : null), [row]);
  return (
    <FormModal
      values={values}
      title={t('wechatPay.refundTitle', { no: row?.outTradeNumber ?? '' })}
      form={form}
      okText={t('wechatPay.refund')}
      onSubmit={(v) =>
        props.onSubmit({
          tradeId: row!.outTradeNumber,
          refund: Math.round(v.yuan * 100),
          reason: v.reason?.trim() || null,
        })
      }
      onClose={props.onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('wechatPay.refundLeft', { left: yuan(left), total: yuan(row?.total ?? 0) })}
      />
      <Form.Item
        name="yuan"
        label={t('wechatPay.refundYuan')}
        rules={[{ required: true, message: t('wechatPay.required') }]}
      >
        <InputNumber min={0.01} max={left / 100} step={0.01} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="reason" label={t('wechatPay.reason')}>
        <Input maxLength={80} />
      </Form.Item>
    </FormModal>
  );
}

/** The refunds of one order, each of which can be asked about at WeChat. */
export function RefundsDrawer({
  row,
  canAsk,
  onClose,
}: {
  row: WechatPayRow | null;
  canAsk: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const refunds = useQuery({
    queryKey: wechatPayKeys.refunds(row?.id ?? ''),
    queryFn: () => listRefunds(row!.id),
    enabled: !!row,
  });
  const [asking, setAsking] = useState<string | null>(null);
  const ask = async (refund: WechatRefundRow) => {
    setAsking(refund.outRefundNumber);
    try {
      await refundFromWechat(refund.outRefundNumber);
      await refunds.refetch();
    } finally {
      setAsking(null);
    }
  };
  return (
    <Drawer
      open={!!row}
      width={760}
      title={t('wechatPay.refundsTitle', { no: row?.outTradeNumber ?? '' })}
      onClose={onClose}
    >
      <Table<WechatRefundRow>
        rowKey="id"
        size="small"
        loading={refunds.isFetching}
        dataSource={refunds.data ?? []}
        pagination={false}
        columns={[
          { key: 'no', title: t('wechatPay.outRefundNumber'), dataIndex: 'outRefundNumber' },
          {
            key: 'refund',
            title: t('wechatPay.refundYuan'),
            align: 'right',
            render: (_: unknown, r) => yuan(r.refund),
          },
          {
            key: 'state',
            title: t('wechatPay.state'),
            render: (_: unknown, r) => <StateTag state={r.tradeState} />,
          },
          { key: 'reason', title: t('wechatPay.reason'), dataIndex: 'reason' },
          {
            key: 'time',
            title: t('wechatPay.createTime'),
            render: (_: unknown, r) => formatTime(r.createTime),
          },
          ...(canAsk
            ? [
                {
                  key: 'ask',
                  title: t('system.common.actions'),
                  render: (_: unknown, r: WechatRefundRow) => (
                    <Button size="small" loading={asking === r.outRefundNumber} onClick={() => void ask(r)}>
                      {t('wechatPay.queryWechat')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
