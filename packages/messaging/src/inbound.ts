/** Inbound (MO) messages, STOP/START keywords and conversations (issue 6). docs/inbound.md. */
export {
  checkInboundSms,
  INBOUND_CARRIER_MAX_LENGTH,
  INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH,
  INBOUND_TEXT_MAX_LENGTH,
  INBOUND_TO_MAX_LENGTH,
  type CheckedInboundSms,
  type InboundMessage,
  type InboundSms,
  type InvalidInboundSms,
} from './domain/inbound/inbound-message.ts';
export {
  normalizeKeyword,
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  recogniseKeyword,
  type KeywordAction,
  type RecognisedKeyword,
} from './domain/inbound/inbound-keywords.ts';
export { INBOUND_EVENT_TYPE, inboundMessageEvent } from './domain/inbound/inbound-message-event.ts';
export {
  CONVERSATION_LIST_DEFAULT_LIMIT,
  CONVERSATION_LIST_MAX_LIMIT,
  MESSAGE_DIRECTIONS,
  THREAD_DEFAULT_LIMIT,
  THREAD_MAX_LIMIT,
  type ConversationSummary,
  type MessageDirection,
  type ThreadMessage,
} from './domain/inbound/conversation.ts';
export type { InboundAddition, InboundMessageRepository } from './application/inbound/inbound-message.repository.port.ts';
export type { InboundMessageSink } from './application/inbound/inbound-message-sink.port.ts';
export type { ClaimedInbound, InboundClaims } from './application/inbound/inbound-claims.port.ts';
export { ReceiveInboundMessage, type ReceivedInbound } from './application/inbound/receive-inbound-message.use-case.ts';
export { ListConversations, type ListConversationsInput } from './application/inbound/list-conversations.use-case.ts';
export { GetConversation, type Conversation, type GetConversationInput } from './application/inbound/get-conversation.use-case.ts';
