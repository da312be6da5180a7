import { Type, type Static } from 'typebox';
import { Id, Nullable, StatusValue } from './common.js';
import { PageInputFields } from './paging.js';
import { FORM_FIELD_NAME } from './sys-form.js';

/**
 * Data approval (Admin.NET's ApprovalFlow plugin, `approvalFlow/*`, plus Lintel's own
 * `approvalInstance/*`). A flow definition keeps Admin.NET's fields; `flowJson` and `formJson` are
 * JSON texts as there, their shapes given here (FlowGraph, FormBinding) and checked by the server.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const NodeId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const APPROVAL_LIMITS = { nodes: 100, edges: 200, ids: 50, comment: 500 } as const;

export const ApproverKindValue = Type.Union(
  [Type.Literal('user'), Type.Literal('role'), Type.Literal('orgLeader')],
  {
    description:
      'user: the named accounts; role: any holder of the roles; orgLeader: the director of the named organisations, or of the submitter’s when none is named',
  },
);
export type ApproverKind = Static<typeof ApproverKindValue>;

export const FlowNodeValue = Type.Object({
  id: NodeId,
  type: Type.Union([
    Type.Literal('start'),
    Type.Literal('approver'),
    Type.Literal('condition'),
    Type.Literal('end'),
  ]),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  approver: Type.Optional(
    Type.Object({
      kind: ApproverKindValue,
      ids: Type.Array(Id, { maxItems: APPROVAL_LIMITS.ids }),
      /** The accounts' names as the designer showed them; shown again, never trusted. */
      names: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: APPROVAL_LIMITS.ids })),
    }),
  ),
  /** Where the designer drew it; the server keeps it and never reads it. */
  position: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() })),
});
export type FlowNode = Static<typeof FlowNodeValue>;

export const RuleOpValue = Type.Union([
  Type.Literal('>'),
  Type.Literal('>='),
  Type.Literal('<'),
  Type.Literal('<='),
  Type.Literal('=='),
  Type.Literal('!='),
  Type.Literal('contains'),
]);
export type RuleOp = Static<typeof RuleOpValue>;

/** A condition edge's rule on one submitted field: `amount > 1000`. */
export const EdgeRuleValue = Type.Object({
  field: Type.String({ pattern: FORM_FIELD_NAME }),
  op: RuleOpValue,
  value: Type.Union([Type.String({ maxLength: 256 }), Type.Number()]),
});
export type EdgeRule = Static<typeof EdgeRuleValue>;

export const FlowEdgeValue = Type.Object({
  id: NodeId,
  source: NodeId,
  target: NodeId,
  /** Only on edges leaving a condition node; the edge without one is that node's default branch. */
  rule: Type.Optional(Nullable(EdgeRuleValue)),
});
export type FlowEdge = Static<typeof FlowEdgeValue>;

/** What `flowJson` holds. */
export const FlowGraphValue = Type.Object({
  nodes: Type.Array(FlowNodeValue, { maxItems: APPROVAL_LIMITS.nodes }),
  edges: Type.Array(FlowEdgeValue, { maxItems: APPROVAL_LIMITS.edges }),
});
export type FlowGraph = Static<typeof FlowGraphValue>;

/** What `formJson` holds: a published form of the form designer, or the built-in request form. */
export const FormBindingValue = Type.Union([
  Type.Object({ kind: Type.Literal('form'), formId: Id }),
  Type.Object({ kind: Type.Literal('builtin') }),
]);
export type FormBinding = Static<typeof FormBindingValue>;

const FlowFields = {
  code: Type.Optional(
    Nullable(Type.String({ maxLength: 32, pattern: '^[A-Za-z0-9_-]*$', description: 'Empty: yyMMddNN' })),
  ),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  formJson: Type.String({ minLength: 1, maxLength: 2000, description: 'A FormBinding as JSON text' }),
  flowJson: Type.String({ minLength: 1, maxLength: 200_000, description: 'A FlowGraph as JSON text' }),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddApprovalFlowBody = Type.Object(FlowFields, { additionalProperties: false });
export type ApprovalFlowInput = Static<typeof AddApprovalFlowBody>;
export const UpdateApprovalFlowBody = Type.Object({ id: Id, ...FlowFields }, { additionalProperties: false });
export type ApprovalFlowUpdate = Static<typeof UpdateApprovalFlowBody>;

export const PageApprovalFlowBody = Type.Object(
  {
    ...PageInputFields,
    keyword: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 32 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    remark: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ApprovalFlowFilter = Static<typeof PageApprovalFlowBody>;
export const ApprovalFlowCodeQuery = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);

export const ApprovalFlowOutput = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  formJson: Type.String(),
  flowJson: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
  createUserName: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
});
export type ApprovalFlowRow = Static<typeof ApprovalFlowOutput>;

/** A flow the caller may start, with the form to fill (the published version's schema). */
export const StartableFlowOutput = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  remark: Nullable(Type.String()),
  form: Type.Object({
    kind: Type.Union([Type.Literal('form'), Type.Literal('builtin')]),
    formId: Nullable(Id),
    version: Type.Integer(),
    schema: Type.Unknown(),
    uiSchema: Type.Unknown(),
  }),
});
export type StartableFlow = Static<typeof StartableFlowOutput>;

export const InstanceStatusValue = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('approved'),
    Type.Literal('rejected'),
    Type.Literal('returned'),
    Type.Literal('withdrawn'),
  ],
  { description: 'pending: waiting for an approver; returned: back with the submitter to edit' },
);
export type InstanceStatus = Static<typeof InstanceStatusValue>;

const FormData = Type.Record(Type.String(), Type.Unknown());

export const SubmitApprovalBody = Type.Object(
  { flowId: Id, data: FormData, comment: Type.Optional(Type.String({ maxLength: APPROVAL_LIMITS.comment })) },
  { additionalProperties: false },
);
export type SubmitApprovalInput = Static<typeof SubmitApprovalBody>;
export const ResubmitApprovalBody = Type.Object(
  { id: Id, data: FormData, comment: Type.Optional(Type.String({ maxLength: APPROVAL_LIMITS.comment })) },
  { additionalProperties: false },
);
export type ResubmitApprovalInput = Static<typeof ResubmitApprovalBody>;
export const ApprovalActionBody = Type.Object(
  { id: Id, comment: Type.Optional(Type.String({ maxLength: APPROVAL_LIMITS.comment })) },
  { additionalProperties: false },
);
export type ApprovalActionInput = Static<typeof ApprovalActionBody>;

export const PageApprovalInstanceBody = Type.Object(
  {
    ...PageInputFields,
    keyword: Type.Optional(Type.String({ maxLength: 64, description: 'Flow name or submitter' })),
    status: Type.Optional(InstanceStatusValue),
  },
  { additionalProperties: false },
);
export type ApprovalInstanceFilter = Static<typeof PageApprovalInstanceBody>;

export const ApprovalInstanceOutput = Type.Object({
  id: Id,
  flowId: Id,
  flowName: Type.String(),
  status: InstanceStatusValue,
  currentNodeName: Nullable(Type.String()),
  submitUserId: Id,
  submitUserName: Type.String(),
  createTime: Time,
  updateTime: Nullable(Time),
  finishTime: Nullable(Time),
});
export type ApprovalInstanceRow = Static<typeof ApprovalInstanceOutput>;

export const ApprovalActionValue = Type.Union([
  Type.Literal('submit'),
  Type.Literal('resubmit'),
  Type.Literal('approve'),
  Type.Literal('reject'),
  Type.Literal('return'),
  Type.Literal('withdraw'),
]);
export type ApprovalAction = Static<typeof ApprovalActionValue>;

export const ApprovalHistoryOutput = Type.Object({
  id: Id,
  action: ApprovalActionValue,
  nodeName: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  actorId: Id,
  actorName: Type.String(),
  createTime: Time,
});
export type ApprovalHistoryRow = Static<typeof ApprovalHistoryOutput>;

export const ApprovalInstanceDetailOutput = Type.Object({
  ...ApprovalInstanceOutput.properties,
  data: FormData,
  form: StartableFlowOutput.properties.form,
  /** Who may act now (names), while pending. */
  approvers: Type.Array(Type.String()),
  /** What the caller may do now. */
  can: Type.Object({
    approve: Type.Boolean(),
    withdraw: Type.Boolean(),
    resubmit: Type.Boolean(),
  }),
  history: Type.Array(ApprovalHistoryOutput),
});
export type ApprovalInstanceDetail = Static<typeof ApprovalInstanceDetailOutput>;
