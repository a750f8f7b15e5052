import type { Device } from '../../domain/clicks/click.ts';

/** What a User-Agent says: device class, browser family, and whether it is a bot (a maintained parser and isbot). */
export interface VisitorProfiler {
  profile(userAgent: string): { readonly device: Device | null; readonly browser: string | null; readonly bot: boolean };
}
