import type { ColumnType, Generated } from 'kysely';
import type { FlowGraph, FormBinding } from '@lintel/contracts';
import type { Audit, Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';

/** jsonb read as its value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** A flow definition (0030_approval): Admin.NET's ApprovalFlow, its JSON kept as the texts it was saved as. */
export interface ApprovalFlowTable extends Audit {
  id: Id;
  tenantId: Id;
  code: string;
  name: string;
  formJson: string;
  flowJson: string;
  status: Generated<number>;
  remark: string | null;
}

/** A request: the flow and form binding it was submitted under (snapshots), its data and where it is. */
export interface ApprovalInstanceTable {
  id: Id;
  tenantId: Id;
  flowId: Id;
  flowName: string;
  flowJson: Json<FlowGraph>;
  formJson: Json<FormBinding>;
  formVersion: Generated<number>;
  data: Json<Record<string, unknown>>;
  status: string;
  currentNodeId: string | null;
  currentNodeName: string | null;
  submitUserId: Id;
  submitUserName: string;
  submitOrgId: Id | null;
  createTime: Generated<Date>;
  updateTime: NullableTimestamp;
  finishTime: NullableTimestamp;
}

/** Who may act on a pending request now. */
export interface ApprovalTodoTable {
  tenantId: Id;
  instanceId: Id;
  userId: Id;
  createTime: Generated<Date>;
}

/** One action on a request. */
export interface ApprovalHistoryTable {
  id: Id;
  tenantId: Id;
  instanceId: Id;
  action: string;
  nodeId: string | null;
  nodeName: string | null;
  comment: string | null;
  actorId: Id;
  actorName: string;
  createTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    approvalFlow: ApprovalFlowTable;
    approvalInstance: ApprovalInstanceTable;
    approvalTodo: ApprovalTodoTable;
    approvalHistory: ApprovalHistoryTable;
  }
}
