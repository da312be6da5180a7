import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';

/** bigint token counts travel as decimal strings; written as numbers. */
type Count = ColumnType<string, number | string | undefined, number | string>;

/** A model provider (0017_ai_providers): an OpenAI-compatible endpoint or a Dify chat app. */
export interface AiProviderTable extends Audit {
  id: Id;
  tenantId: Id;
  kind: 'openai' | 'dify';
  name: string;
  baseUrl: string;
  /** Sealed by secret-box; null when the provider needs none (a local Ollama). */
  apiKey: string | null;
  enabled: Generated<boolean>;
  orderNo: Generated<number>;
  remark: string | null;
  isDelete: Generated<boolean>;
}

export interface AiModelTable extends Audit {
  id: Id;
  tenantId: Id;
  providerId: Id;
  /** The provider's own id of the model (`deepseek-chat`). */
  modelId: string;
  name: string;
  reasoning: Generated<boolean>;
  vision: Generated<boolean>;
  isDefault: Generated<boolean>;
  enabled: Generated<boolean>;
  orderNo: Generated<number>;
  isDelete: Generated<boolean>;
}

export interface AiUsageTable {
  tenantId: Id;
  day: ColumnType<string, string, string>;
  userId: Id;
  modelRowId: Id;
  requests: Generated<number>;
  promptTokens: Count;
  completionTokens: Count;
}

export interface AiLimitTable {
  tenantId: Id;
  tenantRequestsPerMinute: Generated<number>;
  userRequestsPerMinute: Generated<number>;
  tenantTokensPerDay: Count;
  userTokensPerDay: Count;
  updateTime: NullableTimestamp;
  updateUserId: Id | null;
  updateUserName: string | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    aiProvider: AiProviderTable;
    aiModel: AiModelTable;
    aiUsage: AiUsageTable;
    aiLimit: AiLimitTable;
  }
}
