import { RobotOutlined } from '@ant-design/icons';
import { Bubble } from '@ant-design/x';
import type { BubbleItemType } from '@ant-design/x';
import type { AiConversation } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Modal, Select, Spin, Switch, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { notifier } from '../../../shared/api/notify';
import { useAiColours } from '../../../shared/ai/ai-colours';
import { usePermissions } from '../../../shared/permission/permissions';
import { local } from '../../../shared/storage';
import {
  aiChatKeys,
  deleteConversation,
  fetchConversations,
  fetchMessages,
  fetchModels,
  renameConversation,
} from './ai-chat-api';
import { fromStored, type ViewMessage } from './chat-messages';
import { AnswerContent, QuestionContent } from './chat-message';
import { ChatComposer } from './chat-composer';
import { ChatSidebar } from './chat-sidebar';
import { RenameDialog } from './rename-dialog';
import { useChatTurn } from './use-chat-turn';
import styles from './ai-chat.module.css';
import { PROVIDER_PATH } from '../../../shared/ai/provider-path';

const SIDEBAR_KEY = 'aiChatSidebarFolded';

/** Without a model there is nothing to chat with: say so, and link to the settings for those who may. */
function NoModel() {
  const { t } = useTranslation();
  const mayConfigure = usePermissions().has('aiProvider:page');
  return (
    <div className={styles.centered}>
      <Empty
        image={<RobotOutlined className={styles.bigIcon} />}
        description={
          <>
            <div className={styles.emptyTitle}>{t('aiChat.noModelTitle')}</div>
            <div>{mayConfigure ? t('aiChat.noModelAdmin') : t('aiChat.noModelAsk')}</div>
          </>
        }
      >
        {mayConfigure && <Link to={PROVIDER_PATH}>{t('aiChat.noModelLink')}</Link>}
      </Empty>
    </div>
  );
}

/**
 * Chat with AI (SPEC "AI chat screen"): a foldable history (new chat, rename, delete), the model
 * selector with the deep-thinking switch for reasoning models, the messages (reasoning, Markdown
 * with math and code, copy, regenerate, retry) and the message box with attachments, send and stop.
 */
export default function AiChatPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { has } = usePermissions();
  const [folded, setFolded] = useState(() => local.get<boolean>(SIDEBAR_KEY) ?? false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [thinking, setThinking] = useState(true);
  const [renaming, setRenaming] = useState<AiConversation | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const colours = useAiColours();

  const models = useQuery({ queryKey: aiChatKeys.models, queryFn: fetchModels, staleTime: 60_000 });
  const conversations = useQuery({ queryKey: aiChatKeys.list, queryFn: fetchConversations });
  const messages = useQuery({
    queryKey: aiChatKeys.messages(activeId ?? ''),
    queryFn: () => fetchMessages(activeId!),
    enabled: activeId !== null && has('aiChat:detail'),
    staleTime: Infinity,
  });

  const onCreated = useCallback(
    (id: string, question: string) => {
      // The new chat's messages come from the stream: no request for them.
      queryClient.setQueryData(aiChatKeys.messages(id), []);
      queryClient.setQueryData<AiConversation[]>(aiChatKeys.list, (old = []) => [
        { id, title: question.slice(0, 30), modelRowId: null, pinned: false, createTime: '', updateTime: '' },
        ...old,
      ]);
      setActiveId(id);
    },
    [queryClient],
  );
  const turn = useChatTurn({ onCreated });

  const activeConversation = conversations.data?.find((c) => c.id === activeId);
  const model =
    models.data?.find((m) => m.id === chosenModel) ??
    models.data?.find((m) => m.id === activeConversation?.modelRowId) ??
    models.data?.[0];
  const options = { modelId: model?.id, thinking: thinking && (model?.reasoning ?? false) };

  const shown: ViewMessage[] = useMemo(() => {
    const pending = turn.pending && turn.pending.conversationId === activeId ? turn.pending : null;
    const hidden = new Set([pending?.replaces, pending?.answer.id, pending?.question?.id].filter(Boolean));
    const stored = activeId ? (messages.data ?? []).filter((m) => !hidden.has(m.id)).map(fromStored) : [];
    return [
      ...stored,
      ...(pending?.question ? [pending.question] : []),
      ...(pending ? [pending.answer] : []),
    ];
  }, [activeId, messages.data, turn.pending]);

  const lastAnswer = [...shown].reverse().find((m) => m.role === 'assistant');
  const mayChat = has('aiChat:chat');

  const retry = (message: ViewMessage) => {
    if (message.stored && activeId) return void turn.regenerate(activeId, message.id, options);
    // Refused before the server stored anything: send the same question again.
    const question = turn.pending?.question;
    if (!question) return;
    turn.dismiss();
    void turn.send(turn.pending?.conversationId ?? activeId, question.content, question.attachments, options);
  };

  const items: BubbleItemType[] = shown.map((message) => {
    const isLast = message === lastAnswer;
    return message.role === 'user'
      ? { key: message.id, role: 'user', content: <QuestionContent message={message} /> }
      : {
          key: message.id,
          role: 'ai',
          content: (
            <AnswerContent
              message={message}
              actions={{
                onRetry: isLast && mayChat && message.phase === 'failed' ? () => retry(message) : undefined,
                onRegenerate:
                  isLast && mayChat && message.stored && activeId && !turn.busy
                    ? () => void turn.regenerate(activeId, message.id, options)
                    : undefined,
              }}
            />
          ),
        };
  });

  const select = (id: string | null) => {
    if (turn.busy) turn.stop();
    turn.dismiss();
    setActiveId(id);
  };

  const confirmDelete = (conversation: AiConversation) =>
    modal.confirm({
      title: t('aiChat.deleteTitle'),
      content: t('aiChat.deleteConfirm', { title: conversation.title }),
      okText: t('aiChat.delete'),
      okButtonProps: { danger: true },
      cancelText: t('aiChat.cancel'),
      async onOk() {
        try {
          await deleteConversation(conversation.id);
        } catch (error) {
          // SPEC 8: failed to delete a history item.
          notifier().error(
            `${t('aiChat.deleteFailed')}${error instanceof ApiError ? ` ${error.message}` : ''}`,
          );
          return;
        }
        if (conversation.id === activeId) select(null);
        queryClient.setQueryData<AiConversation[]>(aiChatKeys.list, (old) =>
          old?.filter((c) => c.id !== conversation.id),
        );
        void queryClient.invalidateQueries({ queryKey: aiChatKeys.list });
      },
    });

  const rename = async (id: string, title: string) => {
    await renameConversation(id, title);
    queryClient.setQueryData<AiConversation[]>(aiChatKeys.list, (old) =>
      old?.map((c) => (c.id === id ? { ...c, title } : c)),
    );
    notifier().success(t('aiChat.renamed'));
  };

  const noModel = models.isSuccess && models.data.length === 0;
  const header = (
    <div className={styles.toolbar}>
      <span className={styles.chatTitle}>{activeConversation?.title ?? t('aiChat.newChat')}</span>
      {models.data && models.data.length > 0 && (
        <>
          <Select
            className={styles.modelSelect}
            aria-label={t('aiChat.model')}
            value={model?.id}
            onChange={(id) => setChosenModel(id)}
            disabled={turn.busy}
            options={models.data.map((m) => ({ value: m.id, label: m.name }))}
          />
          {model?.reasoning && (
            <Tooltip title={t('aiChat.deepThinkingHint')}>
              <span className={styles.switch}>
                <Switch
                  size="small"
                  checked={thinking}
                  onChange={setThinking}
                  disabled={turn.busy}
                  aria-label={t('aiChat.deepThinking')}
                />
                <span aria-hidden>{t('aiChat.deepThinking')}</span>
              </span>
            </Tooltip>
          )}
        </>
      )}
    </div>
  );

  return (
    <div className={styles.page} style={colours} data-testid="ai-chat">
      {modalHolder}
      <ChatSidebar
        collapsed={folded}
        onCollapse={(next) => {
          setFolded(next);
          local.set(SIDEBAR_KEY, next);
        }}
        conversations={conversations.data}
        loading={conversations.isPending}
        failed={conversations.isError}
        activeId={activeId}
        onSelect={select}
        onNew={() => select(null)}
        mayRename={has('aiChat:rename')}
        mayDelete={has('aiChat:delete')}
        onRename={setRenaming}
        onDelete={confirmDelete}
      />
      <section className={styles.main} aria-label={t('aiChat.conversation')}>
        {header}
        {models.isError && (
          // SPEC 8: failed to fetch the model list (check a model is configured).
          <Alert
            className={styles.banner}
            type="error"
            showIcon
            title={t('aiChat.modelsFailed')}
            description={models.error.message}
          />
        )}
        {noModel ? (
          <NoModel />
        ) : (
          <>
            <div className={styles.messages}>
              {activeId && messages.isPending && !turn.pending ? (
                <Spin className={styles.centered} />
              ) : activeId && messages.isError ? (
                <Alert type="error" showIcon title={messages.error.message} />
              ) : items.length === 0 ? (
                <div className={styles.centered}>
                  <Empty
                    image={<RobotOutlined className={styles.bigIcon} />}
                    description={t('aiChat.welcome')}
                  />
                </div>
              ) : (
                <Bubble.List
                  items={items}
                  autoScroll
                  role={{
                    user: { placement: 'end', variant: 'filled', shape: 'corner' },
                    // Answers take the width: tables, code and display formulas need it.
                    ai: {
                      placement: 'start',
                      variant: 'borderless',
                      styles: { body: { width: '100%' }, content: { width: '100%' } },
                    },
                  }}
                />
              )}
            </div>
            <ChatComposer
              busy={turn.busy}
              disabled={!mayChat || !model}
              vision={model?.vision ?? false}
              onStop={turn.stop}
              onSend={(content, attachments) => {
                turn.dismiss();
                void turn.send(activeId, content, attachments, options);
              }}
            />
          </>
        )}
      </section>
      <RenameDialog conversation={renaming} onClose={() => setRenaming(null)} onSave={rename} />
    </div>
  );
}
