import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { sealSecret } from '../../platform/crypto/secret-box.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { checkPlaceholders, PROMPT_KINDS, PROMPTS } from '../stu-workflow/prompts/index.js';
import { AiWorkflowConfigRepo, type WorkflowConfig } from './ai-workflow-config.repo.js';
import type {
  PromptKind,
  SetPromptInput,
  WorkFlowConfigFilter,
  WorkFlowConfigInput,
  WorkFlowConfigUpdate,
} from './ai-workflow-config.schema.js';

const SORT = {
  orderNo: 'c.orderNo',
  name: 'c.name',
  grade: 'c.grade',
  subject: 'c.subject',
  createTime: 'c.createTime',
};

/** The row as the browser sees it: the sealed key never leaves the server. */
const toOutput = (row: WorkflowConfig) => ({
  id: row.id,
  grade: row.grade,
  subject: row.subject,
  orderType: row.orderType,
  baseUrl: row.baseUrl,
  workFlowId: row.workFlowId,
  hasCode: row.code.length > 0,
  name: row.name,
  description: row.description,
  orderNo: row.orderNo,
  createTime: formatIso(row.createTime),
  createUserId: row.createUserId,
  createUserName: row.createUserName,
  createOrgId: row.createOrgId,
  createOrgName: row.createOrgName,
  updateTime: iso(row.updateTime),
  updateUserId: row.updateUserId,
  updateUserName: row.updateUserName,
});

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A Dify API base: http(s) only (the outbound policy decides which hosts may be reached). */
function checkBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest('aiStudy.config.badBaseUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('aiStudy.config.badBaseUrl');
  return url.toString().replace(/\/+$/, '');
}

export const orgStamp = (principal: Principal) => ({
  createOrgId: principal.orgId,
  createOrgName: principal.orgName,
});

/**
 * Dify workflows per grade + subject + kind, and the tenant's overrides of the repository's prompt
 * templates. Keys are sealed with the server's data key and never answered (`hasCode`).
 */
export class AiWorkflowConfigService {
  private readonly repo = new AiWorkflowConfigRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: WorkFlowConfigFilter) {
    const sort = resolveSort(filter, SORT, { column: 'c.orderNo', direction: 'asc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  add(principal: Principal, input: WorkFlowConfigInput): Promise<string> {
    const id = newId();
    const fields = this.fields(input);
    const code = input.code.trim();
    if (!code) throw badRequest('aiStudy.config.codeRequired');
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.repo.insert(trx, {
        id,
        tenantId: principal.tenantId,
        ...fields,
        code: sealSecret(this.ctx.keys, code),
        ...created(principal),
        ...orgStamp(principal),
      });
      return id;
    });
  }

  async update(principal: Principal, input: WorkFlowConfigUpdate): Promise<void> {
    const fields = this.fields(input);
    const code = input.code?.trim();
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const changed = await this.repo.update(trx, input.id, {
        ...fields,
        // An empty key keeps the stored one: the browser never had it to send back.
        ...(code ? { code: sealSecret(this.ctx.keys, code) } : {}),
        ...updated(principal),
      });
      if (!changed) throw notFound();
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.update(trx, id, { isDelete: true, ...updated(principal) }))) throw notFound();
    });
  }

  /** Every kind's template: the repository's default and the tenant's override, if any. */
  prompts(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const overrides = new Map((await this.repo.overrides(trx)).map((row) => [row.kind, row]));
      return PROMPT_KINDS.map((kind) => {
        const template = PROMPTS[kind];
        const own = overrides.get(kind);
        return {
          kind,
          version: template.version,
          placeholders: template.placeholders,
          defaultTemplate: template.text,
          override: own?.template ?? null,
          overrideVersion: own?.version ?? null,
          updateTime: own ? iso(own.updateTime ?? own.createTime) : null,
          updateUserName: own ? (own.updateUserName ?? own.createUserName) : null,
        };
      });
    });
  }

  /** Saves the tenant's text for a kind (placeholders checked), or goes back to the default. */
  async setPrompt(principal: Principal, input: SetPromptInput): Promise<void> {
    const template = PROMPTS[input.kind];
    const text = input.template?.trim() ?? '';
    if (text) {
      const { unknown, missing } = checkPlaceholders(template, text);
      if (unknown.length > 0)
        throw badRequest('aiStudy.prompt.unknownPlaceholder', { names: unknown.join(', ') });
      if (missing.length > 0)
        throw badRequest('aiStudy.prompt.missingPlaceholder', { names: missing.join(', ') });
    }
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!text) return this.repo.deleteOverride(trx, input.kind);
      await this.repo.saveOverride(trx, {
        tenantId: principal.tenantId,
        kind: input.kind,
        template: text,
        version: template.version,
        ...created(principal),
        ...orgStamp(principal),
      });
    });
  }

  private fields(input: WorkFlowConfigInput | WorkFlowConfigUpdate) {
    return {
      grade: blankToNull(input.grade),
      subject: blankToNull(input.subject),
      orderType: input.orderType,
      baseUrl: checkBaseUrl(input.baseUrl),
      workFlowId: blankToNull(input.workFlowId),
      name: input.name.trim(),
      description: blankToNull(input.description),
      orderNo: input.orderNo ?? 100,
    };
  }
}

/** The prompt text a tenant uses for a kind: its override, or the repository's template. */
export async function promptText(trx: Trx, kind: PromptKind): Promise<string> {
  const own = await new AiWorkflowConfigRepo().override(trx, kind);
  return own?.template ?? PROMPTS[kind].text;
}
