/** A server and one Chromium for a console test file: the browser starts once per file, a fresh context (cookies) per test. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PASSWORD as CLIENT_PASSWORD } from '../support/account-service-client.ts';
import { launchChromium } from '../support/browser.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../support/test-server.ts';

export const PASSWORD = 'correct horse battery staple 42';

export interface ConsoleWorld {
  readonly api: TestServer;
  readonly browser: Browser;
  /** The console's URL: `{base_url}/app`. */
  readonly consoleUrl: string;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** A new page signed in as `email`, a user the account service's test client signed up (its password), on its Home page. */
  signedInPage(email: string): Promise<Page>;
  /** The newest mail to `to` in the local outbox, as text. */
  newestMail(to: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startConsoleWorld(env: Record<string, string> = {}): Promise<ConsoleWorld> {
  const api = await startTestServer({ PASSWORD_HASH_COST: '10', SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, ...env });
  const browser = await launchChromium();
  const consoleUrl = `${api.baseUrl}/app`;
  const contexts: BrowserContext[] = [];
  const newPage: ConsoleWorld['newPage'] = async (viewport = { width: 1400, height: 900 }) => {
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  return {
    api,
    browser,
    consoleUrl,
    newPage,
    async signedInPage(email) {
      const { page } = await newPage();
      await signIn(page, consoleUrl, email, CLIENT_PASSWORD);
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      return page;
    },
    async newestMail(to) {
      const res = await api.request('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}&limit=1`, { key: ADMIN_KEY });
      const [mail] = res.body.messages as { text: string }[];
      if (!mail) throw new Error(`No mail to ${to} in the outbox`);
      return mail.text;
    },
    async stop() {
      for (const context of contexts) await context.close();
      await browser.close();
      await api.stop();
    },
  };
}

/** Signs up through the console's form; answers the address. */
export async function signUp(page: Page, consoleUrl: string, email: string): Promise<void> {
  await page.goto(`${consoleUrl}/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('We sent a verification link').waitFor();
}

export async function signIn(page: Page, consoleUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${consoleUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
