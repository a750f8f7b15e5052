import type { Click } from '../../domain/clicks/click.ts';

/** Where buffered clicks are written: in one go per flush, each link's count raised by its human clicks. */
export interface ClickStore {
  append(clicks: readonly Click[]): Promise<void>;
}
