import { isPermissionCode, type Controller } from '@lintel/contracts';
import { CheckCircleOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../api/notify';
import { usePermissions } from '../permission/permissions';
import { batchDelete, batchSetStatus, type BatchResult } from './batch-api';
import type { RowSelection } from './row-selection';

type Kind = 'delete' | 'enable' | 'disable';

interface Options<T> {
  /** The controller of the list's routes: the user's `delete` / `setStatus` codes on it decide the buttons. */
  controller: Controller;
  /** How a row is named in the result (its account, its name). */
  label(row: T): string;
  /** The rows have a status that `batchSetStatus` switches. */
  status?: boolean;
  /** After a batch has run, done or not (the page refreshes its list). */
  onDone(): unknown;
}

interface Outcome extends BatchResult {
  names: ReadonlyMap<string, string>;
}

/**
 * Multi-select with batch actions for a list (SPEC 2 "List toolbars"): delete, enable and disable,
 * each offered only to a user holding the single-row permission it needs, delete and disable behind
 * one confirmation naming how many rows. The server applies each row's own rules; the result says
 * how many were done and, row by row, why the others were not (those stay ticked). Answers
 * undefined when the user may do none of it: the list then has no checkboxes.
 */
export function useBatchActions<T extends { id: string }>(options: Options<T>): RowSelection<T> | undefined {
  const { controller, label, status, onDone } = options;
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [keys, setKeys] = useState<Key[]>([]);
  const [running, setRunning] = useState<Kind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Names of every row ticked so far, also on pages no longer shown.
  const names = useRef(new Map<string, string>());

  // The single-row codes, when the registry has them for this controller.
  const code = (action: string) => {
    const value = `${controller}:${action}`;
    return isPermissionCode(value) ? value : undefined;
  };
  const deleteCode = code('delete');
  const switchCode = code('setStatus');
  const mayDelete = !!deleteCode && has(deleteCode);
  const maySwitch = !!status && !!switchCode && has(switchCode);
  if (!mayDelete && !maySwitch) return undefined;

  const run = async (kind: Kind) => {
    const ids = keys.map(String);
    setRunning(kind);
    try {
      const result =
        kind === 'delete'
          ? await batchDelete(controller, ids)
          : await batchSetStatus(controller, ids, kind === 'enable' ? 1 : 2);
      setKeys(result.failed.map((f) => f.id));
      if (result.failed.length === 0) notifier().success(t('batch.allDone', { count: result.done }));
      else setOutcome({ ...result, names: new Map(names.current) });
    } catch {
      // A refusal of the whole batch (permission, network) has been toasted by the API client.
    } finally {
      setRunning(null);
      await onDone();
    }
  };

  const count = keys.length;
  const actions = (
    <Space size={4} wrap>
      {maySwitch && (
        <Button
          size="small"
          icon={<CheckCircleOutlined />}
          loading={running === 'enable'}
          disabled={!!running}
          onClick={() => void run('enable')}
        >
          {t('batch.enable')}
        </Button>
      )}
      {maySwitch && (
        <Popconfirm
          title={t('batch.disableConfirm', { count })}
          okText={t('batch.disable')}
          cancelText={t('batch.cancel')}
          onConfirm={() => run('disable')}
        >
          <Button size="small" icon={<StopOutlined />} loading={running === 'disable'} disabled={!!running}>
            {t('batch.disable')}
          </Button>
        </Popconfirm>
      )}
      {mayDelete && (
        <Popconfirm
          title={t('batch.deleteConfirm', { count })}
          okText={t('batch.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('batch.cancel')}
          onConfirm={() => run('delete')}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={running === 'delete'}
            disabled={!!running}
          >
            {t('batch.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return {
    keys,
    onChange: (next, rows) => {
      for (const row of rows) if (row) names.current.set(row.id, label(row));
      setKeys(next);
    },
    actions,
    overlay: <BatchOutcome outcome={outcome} onClose={() => setOutcome(null)} />,
    checkboxLabel: (row) => t('batch.selectRow', { name: label(row) }),
  };
}

/** How a batch went when some rows were not done: the count, and each of those rows with the reason. */
function BatchOutcome({ outcome, onClose }: { outcome: Outcome | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!outcome}
      title={t('batch.resultTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('batch.close')}
        </Button>
      }
    >
      {outcome && (
        <>
          <Typography.Paragraph>
            {t('batch.summary', { done: outcome.done, total: outcome.total, failed: outcome.failed.length })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={outcome.failed}
            columns={[
              {
                key: 'row',
                title: t('batch.row'),
                width: 180,
                render: (_: unknown, row) => outcome.names.get(row.id) ?? row.id,
              },
              { key: 'reason', title: t('batch.reason'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
