import type { FormRow, FormVersionRow } from '@lintel/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Drawer, List, Modal, Spin, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type FormJsonSchema, type FormUiSchema } from '../../../shared/form-render/schema-form';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { formKeys, formVersion, formVersions } from './form-designer-api';

/** A form's published versions, newest first; each opens read-only through the renderer. */
export function VersionsDrawer({ form, onClose }: { form: FormRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<FormVersionRow | null>(null);
  const list = useQuery({
    queryKey: formKeys.versions(form?.id ?? ''),
    queryFn: () => formVersions(form!.id),
    enabled: Boolean(form),
  });
  const one = useQuery({
    queryKey: formKeys.version(form?.id ?? '', shown?.version ?? 0),
    queryFn: () => formVersion(form!.id, shown!.version),
    enabled: Boolean(form && shown),
  });
  return (
    <Drawer
      open={Boolean(form)}
      onClose={onClose}
      title={t('formDes.versionsOf', { name: form?.name ?? '' })}
      size={420}
    >
      <List
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('formDes.noVersions') }}
        renderItem={(v) => (
          <List.Item
            actions={[
              <Button
                key="view"
                type="link"
                icon={<EyeOutlined />}
                onClick={() => setShown(v)}
                aria-label={t('formDes.viewVersion', { n: v.version })}
              >
                {t('formDes.view')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={t('formDes.versionN', { n: v.version })}
              description={`${formatTime(v.createTime)} · ${v.createUserName ?? ''}`}
            />
          </List.Item>
        )}
      />
      <Modal
        open={Boolean(shown)}
        onCancel={() => setShown(null)}
        footer={null}
        width={720}
        title={shown ? t('formDes.versionN', { n: shown.version }) : ''}
      >
        {one.data ? (
          <SchemaForm
            schema={one.data.schema as FormJsonSchema}
            uiSchema={one.data.uiSchema as FormUiSchema}
            readOnly
          />
        ) : (
          <Spin />
        )}
      </Modal>
    </Drawer>
  );
}
