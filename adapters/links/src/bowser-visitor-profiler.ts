import type { Device, VisitorProfiler } from '@tuma/links';
import Bowser from 'bowser';
import { isbot } from 'isbot';

const DEVICES: Readonly<Record<string, Device>> = { mobile: 'mobile', tablet: 'tablet', desktop: 'desktop' };

/** Device and browser from bowser (MIT, maintained; ua-parser-js 2 is AGPL), bots from isbot's list. */
export class BowserVisitorProfiler implements VisitorProfiler {
  profile(userAgent: string): { device: Device | null; browser: string | null; bot: boolean } {
    if (!userAgent) return { device: null, browser: null, bot: isbot(userAgent) };
    const parsed = Bowser.parse(userAgent);
    return { device: DEVICES[parsed.platform.type ?? ''] ?? null, browser: parsed.browser.name ?? null, bot: isbot(userAgent) };
  }
}
