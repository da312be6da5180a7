import type { AddCodeGenInput, CodeGenRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/list/form-modal';
import { MENU_ICON_NAMES, MenuIcon } from '../../../shared/ui/menu-icons';
import {
  codeGenKeys,
  listCodeGenDatabases,
  listCodeGenTables,
  listMenuTree,
  parentDirectories,
  pascalCase,
  registryKey,
} from './code-gen-api';

export type CodeGenFormMode = { kind: 'add' } | { kind: 'edit'; row: CodeGenRow };

interface Props {
  mode: CodeGenFormMode | null;
  onSubmit(values: AddCodeGenInput, mode: CodeGenFormMode): Promise<void>;
  onClose(): void;
}

const CLASS_NAME = /^[A-Z][A-Za-z0-9]{1,47}$/;
const NAME_SPACE = /^[a-z][a-z0-9-]{1,31}$/;
const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * Add or edit a code generator record: the table a module is built from (database, then one of its
 * own tables), its class and business names (defaulting from the table), the web area, the menu
 * directory its page goes under, how it is generated, the author and the menu icon.
 */
export function CodeGenFormModal({ mode, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddCodeGenInput>();
  const configId = Form.useWatch('configId', form);
  // The table the name defaults were last taken from: a name the user typed is never overwritten.
  const defaultsOf = useRef<{ className: string; busName: string }>({ className: '', busName: '' });

  const databases = useQuery({
    queryKey: codeGenKeys.databases(),
    queryFn: listCodeGenDatabases,
    enabled: !!mode,
  });
  const tables = useQuery({
    queryKey: codeGenKeys.tables(configId ?? ''),
    queryFn: () => listCodeGenTables(configId!),
    enabled: !!mode && !!configId,
  });
  const menus = useQuery({ queryKey: codeGenKeys.menus(), queryFn: listMenuTree, enabled: !!mode });
  // Pages go under a top-level directory of the menu registry.
  const directories = parentDirectories(menus.data ?? []);

  useEffect(() => {
    defaultsOf.current =
      mode?.kind === 'edit'
        ? { className: mode.row.className, busName: mode.row.busName }
        : { className: '', busName: '' };
  }, [mode]);

  const values = useMemo((): Partial<AddCodeGenInput> | null => {
    if (!mode) return null;
    if (mode.kind === 'add') return { nameSpace: 'business', generateType: '100' };
    const { row } = mode;
    return {
      configId: row.configId,
      tableName: row.tableName,
      className: row.className,
      busName: row.busName,
      nameSpace: row.nameSpace,
      authorName: row.authorName,
      tableComment: row.tableComment,
      generateType: row.generateType === '200' ? '200' : '100',
      menuPid: row.menuPid,
      menuIcon: row.menuIcon,
    };
  }, [mode]);

  const chooseTable = (tableName: string) => {
    const table = tables.data?.find((row) => row.name === tableName);
    const next = { className: pascalCase(tableName), busName: table?.description ?? '' };
    const current = form.getFieldsValue(['className', 'busName']);
    form.setFieldsValue({
      tableComment: table?.description ?? null,
      ...(!current.className || current.className === defaultsOf.current.className
        ? { className: next.className }
        : {}),
      ...(!current.busName || current.busName === defaultsOf.current.busName
        ? { busName: next.busName }
        : {}),
    });
    defaultsOf.current = next;
  };

  const submit = (v: AddCodeGenInput) =>
    onSubmit(
      {
        ...v,
        busName: v.busName.trim(),
        authorName: blankToNull(v.authorName),
        tableComment: blankToNull(v.tableComment),
        menuIcon: v.menuIcon || null,
      },
      mode!,
    );

  return (
    <FormModal
      values={values}
      title={mode ? t(`develop.codeGen.${mode.kind}Title`) : ''}
      form={form}
      width={760}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="configId"
            label={t('develop.codeGen.database')}
            rules={[{ required: true, message: t('develop.codeGen.databaseRequired') }]}
          >
            <Select
              loading={databases.isFetching}
              onChange={() => form.setFieldsValue({ tableName: undefined })}
              options={(databases.data ?? []).map((db) => ({
                value: db.configId,
                label: `${db.name === 'main' ? t('develop.database.main') : db.name} (${db.dbType})`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="tableName"
            label={t('develop.codeGen.tableName')}
            rules={[{ required: true, message: t('develop.codeGen.tableRequired') }]}
          >
            <Select
              showSearch
              loading={tables.isFetching}
              disabled={!configId}
              onChange={chooseTable}
              notFoundContent={t('develop.codeGen.noTables')}
              options={(tables.data ?? []).map((table) => ({
                value: table.name,
                label: table.description ? `${table.name} (${table.description})` : table.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="className"
            label={t('develop.codeGen.className')}
            extra={t('develop.codeGen.classNameHint')}
            rules={[
              { required: true, message: t('develop.codeGen.classNameRequired') },
              { pattern: CLASS_NAME, message: t('develop.codeGen.classNameHint') },
            ]}
          >
            <Input maxLength={48} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="busName"
            label={t('develop.codeGen.busName')}
            extra={t('develop.codeGen.busNameHint')}
            rules={[{ required: true, whitespace: true, message: t('develop.codeGen.busNameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="nameSpace"
            label={t('develop.codeGen.nameSpace')}
            extra={t('develop.codeGen.nameSpaceHint')}
            rules={[
              { required: true, message: t('develop.codeGen.nameSpaceHint') },
              { pattern: NAME_SPACE, message: t('develop.codeGen.nameSpaceHint') },
            ]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="menuPid"
            label={t('develop.codeGen.menuPid')}
            rules={[{ required: true, message: t('develop.codeGen.menuPidRequired') }]}
          >
            <Select
              loading={menus.isFetching}
              options={directories.map((dir) => ({
                value: registryKey(dir)!,
                label: dir.name ? t(`routes.${dir.name}`, { defaultValue: dir.title }) : dir.title,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="authorName" label={t('develop.codeGen.author')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="menuIcon" label={t('develop.codeGen.menuIcon')}>
            <Select
              allowClear
              showSearch
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <Space size={6}>
                    <MenuIcon name={name} />
                    {name}
                  </Space>
                ),
              }))}
              filterOption={(input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="generateType" label={t('develop.codeGen.generateType')}>
            <Radio.Group
              options={[
                { value: '100', label: t('develop.codeGen.type100') },
                { value: '200', label: t('develop.codeGen.type200') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="tableComment" hidden>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
