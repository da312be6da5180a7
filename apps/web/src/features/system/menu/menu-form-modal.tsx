import { isLinkAddress, type MenuInput, type MenuListNode } from '@lintel/contracts';
import { Col, Form, Input, InputNumber, Radio, Row, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { StatusRadio, statusValue } from '../../../shared/list/list-parts';
import { IconPicker } from './icon-picker';
import { branchOf, BUTTON, DIR, MENU_TYPES, PAGE } from './menu-api';

export type MenuFormMode =
  | { kind: 'add'; pid: string; type: MenuInput['type'] }
  | { kind: 'edit'; row: MenuListNode }
  | { kind: 'copy'; row: MenuListNode };

interface Props {
  mode: MenuFormMode | null;
  /** The whole menu tree (the parent choices). */
  tree: MenuListNode[];
  /** A menu's display name (registry menus are shown in the user's language). */
  label(node: MenuListNode): string;
  onSubmit(values: MenuInput, mode: MenuFormMode): Promise<void>;
  onClose(): void;
}

interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/**
 * The parent choices for a menu of `type`: buttons hang under menus only, directories and menus under
 * the root or a directory or menu; nothing goes under a button, nor a menu into its own branch.
 */
export function parentOptions(
  tree: MenuListNode[],
  type: number | undefined,
  label: (node: MenuListNode) => string,
  rootTitle: string,
  excluded: Set<string> = new Set(),
): ParentOption[] {
  const build = (nodes: MenuListNode[]): ParentOption[] =>
    nodes
      .filter((n) => n.type !== BUTTON)
      .map((n) => ({
        value: n.id,
        title: label(n),
        disabled: excluded.has(n.id) || (type === BUTTON && n.type !== PAGE),
        children: excluded.has(n.id) ? [] : build(n.children ?? []),
      }));
  return [{ value: '0', title: rootTitle, disabled: type === BUTTON, children: [] }, ...build(tree)];
}

/** Whether the menu `id` of the tree is a menu (type 2), the only parent a button may have. */
function isPage(nodes: MenuListNode[], id: string): boolean {
  for (const n of nodes) {
    if (n.id === id) return n.type === PAGE;
    if (isPage(n.children ?? [], id)) return true;
  }
  return false;
}

const fromRow = (row: MenuListNode): MenuInput => ({
  pid: row.pid,
  type: row.type as MenuInput['type'],
  title: row.title,
  name: row.name,
  path: row.path,
  component: row.component,
  redirect: row.redirect,
  permission: row.permission,
  icon: row.icon,
  outLink: row.outLink,
  isIframe: row.isIframe,
  isHide: row.isHide,
  isKeepAlive: row.isKeepAlive,
  isAffix: row.isAffix,
  orderNo: row.orderNo,
  status: statusValue(row.status),
  remark: row.remark,
});

/**
 * Add, edit or copy a menu. The type decides the fields: a directory has its route and icon, a menu
 * adds its page flags and link address, a button is a title and a permission code. Registry menus
 * keep their structure (type, parent, route name, path, component, permission) fixed.
 */
export function MenuFormModal({ mode, tree, label, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MenuInput>();
  const type = Form.useWatch('type', form);

  const values = useMemo((): Partial<MenuInput> | null => {
    if (!mode) return null;
    if (mode.kind === 'add')
      return {
        pid: mode.pid,
        type: mode.type,
        component: mode.type === DIR ? 'Layout' : undefined,
        isKeepAlive: true,
        isHide: false,
        isIframe: false,
        isAffix: false,
        orderNo: 100,
        status: 1,
      };
    const row = fromRow(mode.row);
    return mode.kind === 'copy' ? { ...row, title: `${mode.row.title}${t('menu.copySuffix')}` } : row;
  }, [mode, t]);

  const fixed = mode?.kind === 'edit' && mode.row.key !== null;
  const excluded = useMemo(
    () => (mode?.kind === 'edit' ? branchOf(tree, mode.row.id) : new Set<string>()),
    [mode, tree],
  );
  const parents = parentOptions(tree, type, label, t('menu.topLevel'), excluded);
  const routed = type === DIR || type === PAGE;

  return (
    <FormModal
      values={values}
      title={mode ? t(`menu.${mode.kind}Title`) : ''}
      form={form}
      onSubmit={(v) => onSubmit(v, mode!)}
      onClose={onClose}
      width={760}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="type"
            label={t('menu.type')}
            rules={[{ required: true, message: t('menu.typeRequired') }]}
          >
            <Radio.Group
              disabled={fixed}
              // The parent that suits one type may not suit another: say so at once.
              onChange={() => void form.validateFields(['pid']).catch(() => undefined)}
              optionType="button"
              options={MENU_TYPES.map((v) => ({ value: v, label: t(`menu.types.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="pid"
            label={t('menu.parent')}
            rules={[
              { required: true, message: t('menu.parentRequired') },
              ({ getFieldValue }) => ({
                validator: async (_, pid?: string) => {
                  if (getFieldValue('type') === BUTTON && pid && !isPage(tree, pid))
                    throw new Error(t('menu.buttonParentInvalid'));
                },
              }),
            ]}
          >
            <TreeSelect
              disabled={fixed}
              treeData={parents}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('menu.parentRequired')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="title"
            label={t('menu.title')}
            rules={[{ required: true, whitespace: true, message: t('menu.titleRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        {routed && (
          <>
            <Col span={12}>
              <Form.Item name="name" label={t('menu.name')} tooltip={t('menu.nameHint')}>
                <Input maxLength={64} disabled={fixed} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="path"
                label={t('menu.path')}
                rules={[{ required: true, whitespace: true, message: t('menu.pathRequired') }]}
              >
                <Input maxLength={256} disabled={fixed} placeholder="/system/example" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="component" label={t('menu.component')} tooltip={t('menu.componentHint')}>
                <Input maxLength={256} disabled={fixed} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="redirect" label={t('menu.redirect')}>
                <Input maxLength={256} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="icon" label={t('menu.icon')}>
                <IconPicker />
              </Form.Item>
            </Col>
          </>
        )}
        {type === PAGE && (
          <Col span={24}>
            <Form.Item
              name="outLink"
              label={t('menu.outLink')}
              tooltip={t('menu.outLinkHint')}
              rules={[
                {
                  // The syntax (SPEC 5 "Link check"); the server also refuses private hosts.
                  validator: async (_rule, value: string | null | undefined) => {
                    const link = value?.trim();
                    if (link && !isLinkAddress(link)) throw new Error(t('menu.outLinkInvalid'));
                  },
                },
              ]}
            >
              <Input maxLength={512} placeholder="https://" />
            </Form.Item>
          </Col>
        )}
        {type === BUTTON && (
          <Col span={24}>
            <Form.Item
              name="permission"
              label={t('menu.permission')}
              tooltip={t('menu.permissionHint')}
              rules={[{ required: true, whitespace: true, message: t('menu.permissionRequired') }]}
            >
              <Input maxLength={128} disabled={fixed} placeholder="sysExample:add" />
            </Form.Item>
          </Col>
        )}
        {type === PAGE && (
          <>
            <Col span={6}>
              <Form.Item name="isIframe" label={t('menu.isIframe')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="isKeepAlive" label={t('menu.isKeepAlive')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="isAffix" label={t('menu.isAffix')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </>
        )}
        {routed && (
          <Col span={6}>
            <Form.Item name="isHide" label={t('menu.isHide')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
        <Col span={12}>
          <Form.Item name="orderNo" label={t('system.common.order')}>
            <InputNumber min={-1000000} max={1000000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('system.common.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('system.common.remark')}>
            <Input.TextArea maxLength={256} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
