/**
 * The server tests' local OpenAI-compatible model server (apps/server/test/fakes/openai-upstream.ts),
 * for the browser tests of the AI pages: a real HTTP server streaming scripted chunks. Loaded at run
 * time, since that file belongs to the server's TypeScript project, not this one; the types below
 * are the part of it these tests use.
 */
export interface RecordedRequest {
  body: unknown;
  headers: Record<string, string | undefined>;
  /** How the request ended: the whole answer sent, or the caller went away. */
  closed: Promise<'finished' | 'aborted'>;
}
export type Step = object;
export interface Reply {
  steps?: Step[];
}
export interface OpenAiUpstream {
  baseUrl: string;
  apiKey: string;
  reply(answer: Reply | ((request: RecordedRequest) => Reply)): void;
  chats(): RecordedRequest[];
  close(): Promise<void>;
}
interface Fakes {
  startOpenAiUpstream(): Promise<OpenAiUpstream>;
  chat(steps: Step[]): Reply;
  content(text: string): Step;
  reasoning(text: string): Step;
  finish(): Step;
  usage(prompt: number, completion: number): Step;
  wait(ms: number): Step;
  hang(): Step;
}

const FAKES = new URL('../../apps/server/test/fakes/openai-upstream.ts', import.meta.url).href;
export const { startOpenAiUpstream, chat, content, reasoning, finish, usage, wait, hang } = (await import(
  /* @vite-ignore */ FAKES
)) as Fakes;
