import type { Generated } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** Who created a row, by organisation (the SPEC's createOrgId / createOrgName). */
export interface OrgStamp {
  createOrgId: Id | null;
  createOrgName: string | null;
}

/** A Dify workflow serving one kind for a grade and subject (0019_study_workflows), a tenant table. */
export interface AiWorkflowConfigTable extends Audit, OrgStamp {
  id: Id;
  tenantId: Id;
  grade: string | null;
  subject: string | null;
  /** solve | analyse | practise (the SPEC's "order type"). */
  orderType: string;
  baseUrl: string;
  workFlowId: string | null;
  /** The Dify app key, sealed (platform/crypto/secret-box). */
  code: string;
  name: string;
  description: string | null;
  orderNo: Generated<number>;
  isDelete: Generated<boolean>;
}

/** A tenant's own text for one kind's prompt template. */
export interface AiPromptOverrideTable extends Audit, OrgStamp {
  tenantId: Id;
  kind: string;
  template: string;
  /** The repository template's version the override was written against. */
  version: number;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    aiWorkflowConfig: AiWorkflowConfigTable;
    aiPromptOverride: AiPromptOverrideTable;
  }
}
