import type { AiConversation } from '@lintel/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';

export const TITLE_MAX_LENGTH = 100;

/** Renames a conversation: the title is required (SPEC 5), trimmed, at most 100 characters. */
export function RenameDialog({
  conversation,
  onClose,
  onSave,
}: {
  conversation: AiConversation | null;
  onClose: () => void;
  onSave: (id: string, title: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // A refused field shows its message under the input; nothing else to do.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { title } = values;
    setSaving(true);
    try {
      await onSave(conversation!.id, title.trim());
      onClose();
    } catch (error) {
      form.setFields([
        { name: 'title', errors: [error instanceof ApiError ? error.message : String(error)] },
      ]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={conversation !== null}
      title={t('aiChat.renameTitle')}
      okText={t('aiChat.save')}
      cancelText={t('aiChat.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ title: conversation?.title ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="title"
          label={t('aiChat.titleLabel')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) throw new Error(t('aiChat.titleRequired'));
                if ([...value.trim()].length > TITLE_MAX_LENGTH)
                  throw new Error(t('aiChat.titleTooLong', { max: TITLE_MAX_LENGTH }));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={TITLE_MAX_LENGTH + 20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
