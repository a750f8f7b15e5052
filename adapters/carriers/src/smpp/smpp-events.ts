/** What an SMPP gateway reports about its connection and its receipts (`onEvent`). */
export type SmppGatewayEvent =
  | { readonly type: 'connecting'; readonly attempt: number }
  | { readonly type: 'bound' }
  | { readonly type: 'bind_refused'; readonly commandStatus: string }
  | { readonly type: 'disconnected'; readonly error: string | null }
  | { readonly type: 'reconnect_scheduled'; readonly attempt: number; readonly delayMs: number }
  | { readonly type: 'keepalive_timeout' }
  | { readonly type: 'receipt_unreadable'; readonly text: string }
  | { readonly type: 'receipt_sink_failed'; readonly carrierMessageId: string; readonly error: string }
  | { readonly type: 'inbound_refused'; readonly from: string }
  | { readonly type: 'inbound_unreadable'; readonly from: string; readonly reason: string }
  | { readonly type: 'inbound_sink_failed'; readonly from: string; readonly error: string };
