/**
 * The one browser driver of the suites: playwright-core driving Debian's Chromium at
 * /usr/bin/chromium (`.ci/run` installs it when absent). A missing Chromium fails the suite, it
 * never skips it. Start one browser per test file (`before`), a fresh context per test.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium); .ci/run does`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
