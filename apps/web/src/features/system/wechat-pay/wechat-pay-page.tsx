import type { WechatPayFilter, WechatPayRow } from '@lintel/contracts';
import {
  CloseCircleOutlined,
  QrcodeOutlined,
  RollbackOutlined,
  SettingOutlined,
  SyncOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  closeOrder,
  createNativeOrder,
  pageWechatPay,
  queryFromWechat,
  refundOrder,
  saveWechatPaySetting,
  wechatPayKeys,
  wechatPaySetting,
  wechatPayStatus,
  yuan,
} from './wechat-pay-api';
import { NativeOrderModal, RefundModal, RefundsDrawer, StateTag } from './wechat-pay-dialogs';
import { WechatPaySettingModal } from './wechat-pay-setting-modal';

type Search = { keyword?: string; range?: [Dayjs | null, Dayjs | null] | null };
type Filter = Omit<WechatPayFilter, 'page' | 'pageSize'>;
const UNPAID = ['NOTPAY', 'USERPAYING', 'PAYERROR'];

/**
 * Platform → WeChat Pay (`/system/weChatPay/index`): the tenant's merchant settings (what is still
 * to configure when empty), its orders with their state and amounts in yuan, a new Native order
 * shown as a QR code, the state asked of WeChat, close, refunds and the refunds of an order.
 */
export default function WechatPayPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Search>();
  const [settingOpen, setSettingOpen] = useState(false);
  const [nativeOpen, setNativeOpen] = useState(false);
  const [refunding, setRefunding] = useState<WechatPayRow | null>(null);
  const [refundsOf, setRefundsOf] = useState<WechatPayRow | null>(null);
  const status = useQuery({ queryKey: wechatPayKeys.status, queryFn: wechatPayStatus });
  const setting = useQuery({
    queryKey: wechatPayKeys.setting,
    queryFn: wechatPaySetting,
    enabled: has('sysWechatPay:setting'),
  });
  const list = useServerList<WechatPayRow, Filter>({ key: wechatPayKeys.all, fetch: pageWechatPay });
  const refresh = () => queryClient.invalidateQueries({ queryKey: wechatPayKeys.all });
  const query = useMutation({
    mutationFn: (row: WechatPayRow) => queryFromWechat(row.outTradeNumber),
    onSuccess: (row) =>
      notifier().success(
        t('wechatPay.queried', {
          state: t(`wechatPay.state_${row.tradeState}`, { defaultValue: row.tradeState }),
        }),
      ),
    onSettled: refresh,
  });
  const close = useMutation({
    mutationFn: (row: WechatPayRow) => closeOrder(row.outTradeNumber),
    onSuccess: () => notifier().success(t('wechatPay.closed')),
    onSettled: refresh,
  });
  const configured = status.data?.configured ?? false;

  const columns: KitColumn<WechatPayRow>[] = [
    { key: 'outTradeNumber', title: t('wechatPay.outTradeNumber'), dataIndex: 'outTradeNumber', width: 190 },
    { key: 'description', title: t('wechatPay.description'), dataIndex: 'description', width: 160 },
    { key: 'tradeType', title: t('wechatPay.tradeType'), dataIndex: 'tradeType', width: 90 },
    {
      key: 'total',
      title: t('wechatPay.amountYuan'),
      width: 110,
      align: 'right',
      render: (_: unknown, row) => yuan(row.total),
      text: (row) => yuan(row.total),
    },
    {
      key: 'refunded',
      title: t('wechatPay.refundedYuan'),
      width: 110,
      align: 'right',
      render: (_: unknown, row) => (row.refunded ? yuan(row.refunded) : ''),
      text: (row) => yuan(row.refunded),
    },
    {
      key: 'tradeState',
      title: t('wechatPay.state'),
      width: 110,
      render: (_: unknown, row) => <StateTag state={row.tradeState} />,
      text: (row) => row.tradeState,
    },
    { key: 'transactionId', title: t('wechatPay.transactionId'), dataIndex: 'transactionId', width: 220 },
    {
      key: 'createTime',
      title: t('wechatPay.createTime'),
      width: 180,
      render: (_: unknown, row) => formatTime(row.createTime),
      text: (row) => formatTime(row.createTime),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysWechatPay:payInfoFromWechat') && (
            <RowAction
              title={t('wechatPay.queryWechat')}
              icon={<SyncOutlined />}
              onClick={() => query.mutate(row)}
            />
          )}
          {has('sysWechatPay:refundDomestic') &&
            ['SUCCESS', 'REFUND'].includes(row.tradeState) &&
            row.refunded < row.total && (
              <RowAction
                title={t('wechatPay.refund')}
                icon={<RollbackOutlined />}
                onClick={() => setRefunding(row)}
              />
            )}
          {has('sysWechatPay:listRefund') && row.refunded > 0 && (
            <RowAction
              title={t('wechatPay.refunds')}
              icon={<UnorderedListOutlined />}
              onClick={() => setRefundsOf(row)}
            />
          )}
          {has('sysWechatPay:close') && UNPAID.includes(row.tradeState) && (
            <Popconfirm
              title={t('wechatPay.closeConfirm', { no: row.outTradeNumber })}
              onConfirm={() => close.mutateAsync(row)}
            >
              <Button
                type="text"
                icon={<CloseCircleOutlined />}
                aria-label={t('wechatPay.close')}
                title={t('wechatPay.close')}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={t('wechatPay.merchant')}
        extra={
          has('sysWechatPay:setting') &&
          has('sysWechatPay:saveSetting') && (
            <Button icon={<SettingOutlined />} onClick={() => setSettingOpen(true)}>
              {t('wechatPay.configure')}
            </Button>
          )
        }
      >
        {status.data && !configured ? (
          <Alert
            type="warning"
            showIcon
            message={t('wechatPay.notConfigured')}
            description={t('wechatPay.toConfigure', {
              fields: status.data.missing.map((f) => t(`wechatPay.field_${f}`)).join(', '),
            })}
          />
        ) : (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('wechatPay.merchantId')}>
              {setting.data?.merchantId}
            </Descriptions.Item>
            <Descriptions.Item label={t('wechatPay.appId')}>{setting.data?.appId}</Descriptions.Item>
            <Descriptions.Item label={t('wechatPay.verification')}>
              {status.data ? t(`wechatPay.verification_${status.data.verification}`) : ''}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <SearchCard
        form={search}
        onSearch={(values) => {
          const range = values?.range;
          list.search({
            keyword: values?.keyword || undefined,
            createTimeRange: range
              ? [range[0]?.startOf('day').toISOString() ?? null, range[1]?.endOf('day').toISOString() ?? null]
              : undefined,
          });
        }}
      >
        <Form.Item name="keyword" label={t('wechatPay.keyword')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="range" label={t('wechatPay.createTime')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysWechatPay:payTransactionNative') && (
            <Button
              type="primary"
              icon={<QrcodeOutlined />}
              disabled={!configured}
              onClick={() => setNativeOpen(true)}
            >
              {t('wechatPay.newNative')}
            </Button>
          )}
          {!configured && status.data && (
            <Typography.Text type="secondary">{t('wechatPay.configureFirst')}</Typography.Text>
          )}
        </ListToolbar>
        <DataTable<WechatPayRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <WechatPaySettingModal
        open={settingOpen}
        setting={setting.data ?? null}
        onClose={() => setSettingOpen(false)}
        onSubmit={async (values) => {
          await saveWechatPaySetting(values);
          notifier().success(t('wechatPay.saved'));
          setSettingOpen(false);
          await queryClient.invalidateQueries({ queryKey: wechatPayKeys.all });
        }}
      />
      <NativeOrderModal
        open={nativeOpen}
        onClose={() => {
          setNativeOpen(false);
          void refresh();
        }}
        onSubmit={createNativeOrder}
      />
      <RefundModal
        row={refunding}
        onClose={() => setRefunding(null)}
        onSubmit={async (input) => {
          await refundOrder(input);
          notifier().success(t('wechatPay.refunded'));
          setRefunding(null);
          await refresh();
        }}
      />
      <RefundsDrawer
        row={refundsOf}
        canAsk={has('sysWechatPay:refundInfoFromWechat')}
        onClose={() => setRefundsOf(null)}
      />
    </Flex>
  );
}
