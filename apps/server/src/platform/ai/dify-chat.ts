import { FormData } from 'undici';
import { AiProviderError, codeOfStatus, describeCause, errorEvent, messageOfBody } from './errors.js';
import { ThinkSplitter } from './think-splitter.js';
import type { AiChatProvider, AiChatRequest, AiEvent } from './types.js';
import { streamDify, streamErrorEvent, type DifyOptions, type EventMapper } from './dify.js';

/**
 * A Dify chat app over `POST /chat-messages` as an AiChatProvider. Dify has no reasoning field:
 * R1-style models put `<think>` in the answer, split here. Inline images are uploaded first.
 */
export interface DifyChatOptions extends DifyOptions {
  /** Dify's `user`: a stable end-user id (`${tenantId}:${userId}`). */
  user: string;
}

export function difyChatProvider(options: DifyChatOptions): AiChatProvider {
  return {
    // A Dify app chooses its own model: there is nothing to list.
    async listModels() {
      return [];
    },
    streamChat(request) {
      return difyChat(options, request);
    },
  };
}

function chatEvents(): EventMapper {
  const splitter = new ThinkSplitter();
  let ended = false;
  return {
    map(event) {
      switch (event.event) {
        case 'message':
        case 'agent_message':
          return typeof event.answer === 'string' ? splitter.push(event.answer) : [];
        case 'message_end': {
          ended = true;
          const usage = (
            event.metadata as { usage?: { prompt_tokens?: number; completion_tokens?: number } } | undefined
          )?.usage;
          return [
            ...splitter.flush(),
            ...(usage
              ? [
                  {
                    type: 'usage' as const,
                    promptTokens: usage.prompt_tokens ?? 0,
                    completionTokens: usage.completion_tokens ?? 0,
                  },
                ]
              : []),
            { type: 'done', finishReason: 'stop' },
          ];
        }
        case 'error':
          ended = true;
          return [streamErrorEvent(event)];
        default:
          // ping, message_file, agent_thought, workflow and node events of chatflow apps.
          return [];
      }
    },
    finish: () => splitter.flush(),
    ended: () => ended,
  };
}

type DifyFile =
  | { type: 'image'; transfer_method: 'remote_url'; url: string }
  | { type: 'image'; transfer_method: 'local_file'; upload_file_id: string };

async function* difyChat(options: DifyChatOptions, request: AiChatRequest): AsyncGenerator<AiEvent> {
  let files: DifyFile[];
  try {
    files = await uploadImages(options, request);
  } catch (error) {
    if (request.signal.aborted) yield errorEvent('aborted', 'cancelled');
    else if (error instanceof AiProviderError) yield errorEvent(error.code, error.message);
    else yield errorEvent('unreachable', describeCause(error));
    return;
  }
  yield* streamDify(
    options,
    'chat-messages',
    chatBody(request, options.user, files),
    request.signal,
    chatEvents(),
  );
}

/**
 * The images of the question as Dify file references: an https address as it is (`remote_url`), an
 * inline `data:` image uploaded first (`POST /files/upload`), since Dify cannot read data URLs.
 */
async function uploadImages(options: DifyChatOptions, request: AiChatRequest): Promise<DifyFile[]> {
  const last = request.messages.at(-1);
  const images =
    typeof last?.content === 'string' ? [] : (last?.content ?? []).filter((p) => p.type === 'image');
  const files: DifyFile[] = [];
  for (const image of images) {
    if (image.type !== 'image') continue;
    const inline = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(image.url);
    if (!inline) {
      files.push({ type: 'image', transfer_method: 'remote_url', url: image.url });
      continue;
    }
    const [, mime, data] = inline as unknown as [string, string, string];
    // undici's own FormData: the outbound fetch is undici's, which does not take Node's global one
    // for a form (it would send "[object FormData]" as text).
    const form = new FormData();
    form.append('user', options.user);
    form.append(
      'file',
      new Blob([Buffer.from(data, 'base64')], { type: mime }),
      `image.${mime.split('/')[1]}`,
    );
    const response = await options.fetch(`${options.baseUrl.replace(/\/+$/, '')}/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}` },
      body: form as unknown as RequestInit['body'],
      signal: request.signal,
    });
    const text = await response.text();
    if (!response.ok)
      throw new AiProviderError(codeOfStatus(response.status), messageOfBody(text, response.status));
    let id: unknown;
    try {
      id = (JSON.parse(text) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || !id)
      throw new AiProviderError('upstream', 'the file upload answered no id');
    files.push({ type: 'image', transfer_method: 'local_file', upload_file_id: id });
  }
  return files;
}

function chatBody(request: AiChatRequest, user: string, files: DifyFile[]) {
  // Dify keeps a conversation's history itself under a conversation id we do not hold, so earlier
  // turns travel in the query; the app's own prompt comes first on Dify's side.
  const text = (content: AiChatRequest['messages'][number]['content']) =>
    typeof content === 'string'
      ? content
      : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const last = request.messages.at(-1);
  const earlier = request.messages.slice(0, -1).filter((m) => text(m.content).trim());
  const query = earlier.length
    ? `${earlier.map((m) => `${m.role}: ${text(m.content)}`).join('\n\n')}\n\nuser: ${last ? text(last.content) : ''}`
    : last
      ? text(last.content)
      : '';
  return {
    query,
    inputs: {},
    user,
    response_mode: 'streaming',
    conversation_id: '',
    ...(files.length ? { files } : {}),
  };
}
