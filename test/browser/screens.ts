/** `TUMA_SCREENSHOTS=1 npm test` refreshes docs/screens/ (linked from docs/dashboard.md): a page at 1400×900 and 390×844. */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

const SIZES = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

export async function saveScreens(page: Page, name: string): Promise<void> {
  if (process.env.TUMA_SCREENSHOTS !== '1') return;
  mkdirSync('docs/screens', { recursive: true });
  const size = page.viewportSize();
  for (const viewport of SIZES) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `docs/screens/${name}-${viewport.width}.png` });
  }
  if (size) await page.setViewportSize(size);
}
