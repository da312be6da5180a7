/** The wire of aiWorkFlowConfig lives in @lintel/contracts (wire/ai-study.ts), shared with the web app. */
export {
  AddWorkFlowConfigBody,
  PageWorkFlowConfigBody,
  PromptTemplateOutput,
  SetPromptBody,
  UpdateWorkFlowConfigBody,
  WorkFlowConfigOutput,
  type PromptKind,
  type SetPromptInput,
  type StudyKind,
  type WorkFlowConfigFilter,
  type WorkFlowConfigInput,
  type WorkFlowConfigUpdate,
} from '@lintel/contracts/wire';
