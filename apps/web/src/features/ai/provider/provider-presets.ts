import type { AiProviderKind } from '@lintel/contracts';

/**
 * Base URLs of the services people point Lintel at, to fill the form with (the admin can still type
 * any address). Local servers (Ollama, vLLM) are on the school's own network: the server calls them
 * only where the operator allows their address (ALLOW_PRIVATE_HOSTS).
 */
export interface ProviderPreset {
  key: string;
  label: string;
  kind: AiProviderKind;
  baseUrl: string;
  /** Model ids to start the list with (editable; "fetch from provider" lists the rest). */
  models: { modelId: string; reasoning?: boolean; vision?: boolean }[];
}

export const PROVIDER_PRESETS: ProviderPreset[] = [
  {
    key: 'deepseek',
    label: 'DeepSeek',
    kind: 'openai',
    baseUrl: 'https://api.deepseek.com/v1',
    models: [{ modelId: 'deepseek-chat' }, { modelId: 'deepseek-reasoner', reasoning: true }],
  },
  {
    key: 'dashscope',
    label: 'DashScope (compatible mode)',
    kind: 'openai',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    models: [
      { modelId: 'qwen-plus', reasoning: true },
      { modelId: 'qwen-vl-plus', vision: true },
    ],
  },
  {
    key: 'siliconflow',
    label: 'SiliconFlow',
    kind: 'openai',
    baseUrl: 'https://api.siliconflow.cn/v1',
    models: [{ modelId: 'Qwen/Qwen3-8B', reasoning: true }],
  },
  { key: 'ollama', label: 'Ollama', kind: 'openai', baseUrl: 'http://localhost:11434/v1', models: [] },
  { key: 'vllm', label: 'vLLM', kind: 'openai', baseUrl: 'http://localhost:8000/v1', models: [] },
  {
    key: 'dify',
    label: 'Dify',
    kind: 'dify',
    baseUrl: 'https://api.dify.ai/v1',
    models: [{ modelId: 'dify-app' }],
  },
];
