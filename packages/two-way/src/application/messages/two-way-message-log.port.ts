import type { TwoWayMessage } from '../../domain/messages/two-way-message.ts';

/** The messages of each service, both ways. */
export interface TwoWayMessageLog {
  /** Once per id: a second record of the same message is ignored. */
  record(message: TwoWayMessage): Promise<void>;
  /** The service's newest `limit` messages, newest first (then by id, descending), with how many there are; outbound ones with their current status. */
  list(serviceId: number, limit: number): Promise<{ readonly messages: readonly TwoWayMessage[]; readonly total: number }>;
}
