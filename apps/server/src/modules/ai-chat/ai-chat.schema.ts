export {
  AiAttachmentOutput,
  AiChatDeleteBody,
  AiChatModelOutput,
  AiChatRegenerateBody,
  AiChatRenameBody,
  AiChatStreamBody,
  AiConversationOutput,
  AiMessageOutput,
  AiMessagesQuery,
  NoQuery,
} from '@lintel/contracts/wire';
