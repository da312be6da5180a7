import { Type, type Static } from 'typebox';
import { Day, Id, Nullable } from './common.js';
import { AiStreamErrorCodeValue } from './ai-stream.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Model providers of a tenant (aiProvider, issue 12): OpenAI-compatible endpoints (DeepSeek,
 * DashScope compatible mode, SiliconFlow, Ollama, vLLM, ...) and Dify chat apps, their models with
 * capability flags, the tenant's limits and the usage by user, model and day. An API key is written,
 * never read back: rows say `hasApiKey`, and an update without a key keeps the saved one.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const NullableString = Nullable(Type.String());

export const AiProviderKindValue = Type.Union([Type.Literal('openai'), Type.Literal('dify')], {
  description: 'openai: OpenAI-compatible chat completions; dify: a Dify chat app',
});
export type AiProviderKind = Static<typeof AiProviderKindValue>;

const BaseUrl = Type.String({
  minLength: 8,
  maxLength: 512,
  description: 'API base, e.g. https://api.deepseek.com/v1 or https://api.dify.ai/v1',
});
const ApiKey = Type.String({
  maxLength: 512,
  description: 'Written only; empty keeps the saved key on update',
});

export const AiModelInput = Type.Object(
  {
    /** A saved model's id; absent for a new one. */
    id: Type.Optional(Id),
    modelId: Type.String({ minLength: 1, maxLength: 128, description: "The provider's model id" }),
    name: Type.String({ minLength: 1, maxLength: 64 }),
    reasoning: Type.Boolean(),
    vision: Type.Boolean(),
    isDefault: Type.Boolean(),
    enabled: Type.Boolean(),
    orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type AiModelInputValue = Static<typeof AiModelInput>;

const ProviderFields = {
  kind: AiProviderKindValue,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  baseUrl: BaseUrl,
  apiKey: Type.Optional(ApiKey),
  enabled: Type.Boolean(),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
  /** The provider's models: the whole list (saved ones by id; missing ones are removed). */
  models: Type.Array(AiModelInput, { maxItems: 200 }),
};

export const AddAiProviderBody = Type.Object(ProviderFields, { additionalProperties: false });
export const UpdateAiProviderBody = Type.Object(
  {
    id: Id,
    ...ProviderFields,
    /** Removes the saved key (a local Ollama needs none). */
    clearApiKey: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AiProviderInput = Static<typeof AddAiProviderBody>;
export type AiProviderUpdate = Static<typeof UpdateAiProviderBody>;

export const PageAiProviderBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    kind: Type.Optional(AiProviderKindValue),
  },
  { additionalProperties: false },
);
export type AiProviderFilter = Static<typeof PageAiProviderBody>;

export const AiProviderDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

export const AiModelOutput = Type.Object({
  id: Id,
  providerId: Id,
  modelId: Type.String(),
  name: Type.String(),
  reasoning: Type.Boolean(),
  vision: Type.Boolean(),
  isDefault: Type.Boolean(),
  enabled: Type.Boolean(),
  orderNo: Type.Integer(),
});
export type AiProviderModel = Static<typeof AiModelOutput>;

const ProviderOutputFields = {
  id: Id,
  kind: AiProviderKindValue,
  name: Type.String(),
  baseUrl: Type.String(),
  /** A key is saved (it is never sent back). */
  hasApiKey: Type.Boolean(),
  enabled: Type.Boolean(),
  orderNo: Type.Integer(),
  remark: NullableString,
  modelCount: Type.Integer(),
  createTime: Time,
  updateTime: Nullable(Time),
  createUserName: NullableString,
  updateUserName: NullableString,
};
export const AiProviderOutput = Type.Object(ProviderOutputFields);
export type AiProviderRow = Static<typeof AiProviderOutput>;
export const AiProviderDetailOutput = Type.Object({
  ...ProviderOutputFields,
  models: Type.Array(AiModelOutput),
});
export type AiProviderDetail = Static<typeof AiProviderDetailOutput>;
export const AiProviderPage = PageOf(AiProviderOutput);

/**
 * A connection to try: a saved provider (`id`), the form's unsaved values, or both (the form's values
 * win; an empty key uses the saved one).
 */
export const AiConnectionBody = Type.Object(
  {
    id: Type.Optional(Id),
    kind: Type.Optional(AiProviderKindValue),
    baseUrl: Type.Optional(BaseUrl),
    apiKey: Type.Optional(ApiKey),
    /** The model to send the one-token chat to; the provider's default or first model when absent. */
    modelId: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type AiConnectionInput = Static<typeof AiConnectionBody>;

export const AiConnectionResult = Type.Object({
  ok: Type.Boolean(),
  /** Milliseconds to the model list, and to the chat's first token (null: not tried). */
  listLatencyMs: Nullable(Type.Integer()),
  chatLatencyMs: Nullable(Type.Integer()),
  /** The model ids the provider listed (empty when it lists none). */
  models: Type.Array(Type.String()),
  /** The model the chat went to (null: none tried). */
  chatModel: NullableString,
  code: Nullable(AiStreamErrorCodeValue),
  /** What went wrong, localized ('' when ok). */
  message: Type.String(),
});
export type AiConnectionOutcome = Static<typeof AiConnectionResult>;

export const AiLimitsOutput = Type.Object({
  /** 0: no limit. */
  tenantRequestsPerMinute: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  userRequestsPerMinute: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  tenantTokensPerDay: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 }),
  userTokensPerDay: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 }),
});
export type AiLimitsValue = Static<typeof AiLimitsOutput>;
export const SetAiLimitsBody = Type.Object(AiLimitsOutput.properties, { additionalProperties: false });

export const PageAiUsageBody = Type.Object(
  {
    ...PageInputFields,
    startDay: Type.Optional(Day),
    endDay: Type.Optional(Day),
    userId: Type.Optional(Id),
    modelRowId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type AiUsageFilter = Static<typeof PageAiUsageBody>;

export const AiUsageOutput = Type.Object({
  day: Type.String(),
  userId: Id,
  account: NullableString,
  realName: NullableString,
  modelRowId: Id,
  modelName: NullableString,
  modelId: NullableString,
  requests: Type.Integer(),
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
  totalTokens: Type.Integer(),
});
export type AiUsageRow = Static<typeof AiUsageOutput>;

export const AiUsageDay = Type.Object({
  day: Type.String(),
  requests: Type.Integer(),
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
});
export type AiUsageDayRow = Static<typeof AiUsageDay>;

/** A page of usage rows, and the same filter's totals per day (the chart). */
export const AiUsagePage = Type.Object({
  ...PageOf(AiUsageOutput).properties,
  days: Type.Array(AiUsageDay),
});
export type AiUsagePageResult = Static<typeof AiUsagePage>;
