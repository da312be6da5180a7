import { Status } from '@lintel/contracts';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Popconfirm, Radio, Space, Tag, Tooltip, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pieces every management list shares (SPEC 2 "Management screens", "List toolbars"): the search
 * card, the toolbar above the table, status tags and radios, and the row action buttons.
 */

/**
 * Search fields in one row, with search and reset; reset clears the fields and the applied filter.
 * Fields given as `more` sit behind the advanced search toggle; collapsed, they keep their values and
 * still apply (the toggle only saves room).
 */
export function SearchCard<T extends object>({
  form,
  onSearch,
  children,
  more,
}: {
  form: FormInstance<T>;
  onSearch(values: T | undefined): void;
  children: ReactNode;
  more?: ReactNode;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  return (
    <Card size="small">
      <Form form={form} layout="inline" onFinish={(values) => onSearch(values)}>
        {children}
        {more && (
          <div style={{ display: expanded ? 'contents' : 'none' }} data-testid="search-more">
            {more}
          </div>
        )}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('system.common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(undefined);
            }}
          >
            {t('system.common.reset')}
          </Button>
          {more && (
            <Button
              type="link"
              aria-expanded={expanded}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
              onClick={() => setExpanded((e) => !e)}
            >
              {t(expanded ? 'listkit.less' : 'listkit.more')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}

/** The bar above a table: actions on the left; the list tools (export, print, columns...) and refresh on the right. */
export function ListToolbar({
  children,
  tools,
  loading,
  onRefresh,
}: {
  children?: ReactNode;
  tools?: ReactNode;
  loading: boolean;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
      <Space wrap>{children}</Space>
      <Space wrap>
        {tools}
        <Tooltip title={t('system.common.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('system.common.refresh')}
            loading={loading}
            onClick={onRefresh}
          />
        </Tooltip>
      </Space>
    </Flex>
  );
}

/** Enabled (1) or disabled (2) as a tag. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 1 ? (
    <Tag color="success">{t('system.common.enabled')}</Tag>
  ) : (
    <Tag>{t('system.common.disabled')}</Tag>
  );
}

/** A row's status (an integer on the wire) as the value a form sends back: disabled (2) or enabled. */
export const statusValue = (status: number): Status =>
  status === Status.Disable ? Status.Disable : Status.Enable;

/** The enabled / disabled choice of a form. */
export function StatusRadio(props: { value?: number; onChange?(value: number): void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value as number)}
      options={[
        { value: 1, label: t('system.common.enabled') },
        { value: 2, label: t('system.common.disabled') },
      ]}
    />
  );
}

/** An icon button of a table row, named by its tooltip (and for assistive technology). */
export function RowAction({ title, icon, onClick }: { title: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={title}>
      <Button type="text" icon={icon} aria-label={title} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * A row's delete button behind a confirmation naming what goes; `label` names a removal that is
 * not a deletion (an unbind) on the button and its confirmation.
 */
export function DeleteAction({
  confirm,
  onConfirm,
  icon,
  label,
}: {
  confirm: string;
  onConfirm(): Promise<unknown>;
  icon: ReactNode;
  label?: string;
}) {
  const { t } = useTranslation();
  const name = label ?? t('system.common.delete');
  return (
    <Popconfirm
      title={confirm}
      okText={name}
      okButtonProps={{ danger: true }}
      cancelText={t('system.common.cancel')}
      // A refusal has been shown by the API client's toast; the rejection itself is not an error here.
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="text" danger icon={icon} aria-label={name} />
    </Popconfirm>
  );
}
