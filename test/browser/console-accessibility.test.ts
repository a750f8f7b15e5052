import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { accountServiceClient, ok, PASSWORD } from '../support/account-service-client.ts';
import { ADMIN_KEY } from '../support/test-server.ts';
import { signIn, startConsoleWorld, type ConsoleWorld } from './console-world.ts';

/** Main pages, signed out and signed in. */
const SIGNED_OUT = ['/sign-in', '/sign-up', '/forgot-password'];
const SIGNED_IN = ['/?environment=test', '/sms/send', '/sms/bulk', '/sms/batches', '/sms/messages?environment=test', '/sms/contacts', '/sms/templates', '/sms/opt-outs', '/sms/sender-ids', '/verify/apps', '/verify/verifications?environment=test', '/developers/keys', '/developers/webhooks', '/billing', '/team', '/account', '/accounts', '/plans', '/mail/domains', '/mail/emails', '/mail/webhooks', '/mail/smtp-credentials', '/mail/suppressions', '/links?environment=test', '/links/qr', '/links/campaigns', '/two-way/services', '/mail/contacts', '/mail/broadcasts', '/mail/forwards', '/links/domains', '/links/webhooks'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
/** `TUMA_SCREENSHOTS=1 npm test -- --grep 'phone width'` refreshes docs/screens/ (linked from the README). */
const SCREENS = process.env.TUMA_SCREENSHOTS === '1' ? 'docs/screens' : undefined;

const screenName = (path: string) => {
  const bare = path.split('?')[0]!;
  return bare === '/' ? 'home' : bare.slice(1).replace(/\//g, '-');
};

/** Form controls the accessibility tree shows without a name (a missing label). */
async function unnamedControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return snapshot.split('\n').filter((line) => /^\s*- (textbox|checkbox|radio|combobox|spinbutton|button)(:|\s*$)/.test(line));
}

/** Text whose contrast with its background is below WCAG AA (4.5:1). */
async function lowContrast(page: Page): Promise<string[]> {
  // A string, not a function: tsx would wrap a function's inner helpers in a `__name` the page lacks.
  return page.evaluate(`(() => {
    const rgb = (value) => (value.match(/[\\d.]+/g) || []).map(Number);
    const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const background = (element) => {
      for (let at = element; at; at = at.parentElement) {
        const color = rgb(getComputedStyle(at).backgroundColor);
        if (color.length === 3 || (color.length === 4 && color[3] > 0.5)) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const failing = [];
    for (const element of document.querySelectorAll('a, button, label, p, th, td, dt, dd, h1, h2, legend, span, code, li')) {
      if (!element.textContent.trim() || element.offsetParent === null) continue;
      const fore = luminance(rgb(getComputedStyle(element).color));
      const back = luminance(background(element));
      const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
      if (ratio < 4.5) failing.push(element.tagName + ' "' + element.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2));
    }
    return failing;
  })()`);
}

describe('web console in a real browser: accessibility and phone width', () => {
  let world: ConsoleWorld;
  const client = accountServiceClient(() => world.api, 'a11y');
  let email: string;

  before(async function () {
    // One server and one Chromium for the whole file: their start is the slow part.
    this.timeout(120_000);
    world = await startConsoleWorld();
    const owner = await client.signUp();
    email = owner.email;
    // Some traffic, so that the pages show their tables and chart filled.
    const key = ok(await world.api.request('POST', '/api/keys', { key: owner.token, body: { environment: 'test', name: 'screens' } }), 201).key as string;
    for (const to of ['+254712345678', '+2348031234567', '+233241234567']) {
      ok(await world.api.request('POST', '/api/messages/send', { key, body: { to, text: `Habari, this is Tuma (${to})` } }));
    }
    ok(await world.api.request('POST', `/api/admin/balances/${owner.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 250, reason: 'Welcome credit', reference: `welcome-${owner.accountId}` } }));
    if (SCREENS) mkdirSync(SCREENS, { recursive: true });
  });
  after(async () => world?.stop());

  it('names every control (labels), keeps AA contrast, and lays every page out at 390 px without horizontal scrolling', async function () {
    this.timeout(120_000);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await world.newPage(viewport);
      const check = async (path: string) => {
        const answer = await page.goto(`${world.consoleUrl}${path}`);
        expect(answer!.status(), path).to.equal(200);
        expect(await unnamedControls(page), `unnamed controls on ${path}`).to.deep.equal([]);
        expect(await lowContrast(page), `contrast on ${path}`).to.deep.equal([]);
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow, `horizontal overflow on ${path} at ${viewport.width} px`).to.be.at.most(0);
        if (SCREENS && path !== '/forgot-password' && path !== '/sign-up') await page.screenshot({ path: `${SCREENS}/${screenName(path)}-${viewport.width}.png` });
      };
      for (const path of SIGNED_OUT) await check(path);
      await signIn(page, world.consoleUrl, email, PASSWORD);
      for (const path of SIGNED_IN) await check(path);
    }
  });

  it('at 390 px: the menu behind a Menu button, and every table row a card whose fields all show (a message’s status, a member’s role)', async () => {
    const { page } = await world.newPage(PHONE);
    await signIn(page, world.consoleUrl, email, PASSWORD);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).to.equal('false');
    expect(await page.getByRole('link', { name: 'Bulk send' }).isVisible(), 'the menu is closed').to.equal(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).to.equal('true');
    const bulk = page.getByRole('link', { name: 'Bulk send' });
    const box = (await bulk.boundingBox())!;
    expect(box.x + box.width, 'the whole entry on screen, not clipped in a strip').to.be.at.most(PHONE.width);
    expect(await bulk.textContent()).to.equal('Bulk send');
    await bulk.click();
    await page.getByRole('heading', { name: 'Bulk send' }).waitFor();

    const inView = async (selector: string) => {
      const cell = page.locator(selector).first();
      const place = (await cell.boundingBox())!;
      return { visible: await cell.isVisible(), right: place.x + place.width };
    };
    await page.goto(`${world.consoleUrl}/sms/messages?environment=test`);
    const status = await inView('td[data-label="Status"]');
    expect(status.visible).to.equal(true);
    expect(status.right, 'the status on screen').to.be.at.most(PHONE.width);
    expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('td[data-label="Status"]'), '::before').content`), 'the cell names its column').to.equal('"Status"');
    await page.goto(`${world.consoleUrl}/team`);
    const role = await inView('td[data-label="Role"]');
    expect([role.visible, role.right <= PHONE.width], 'the role on screen').to.deep.equal([true, true]);
  });

  it('works from the keyboard: skip link first, fields in order, Enter submits', async () => {
    const { page } = await world.newPage();
    await page.goto(`${world.consoleUrl}/sign-in`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).to.equal('f-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).to.equal('f-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).to.equal('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('location.hash')).to.equal('#main');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string | undefined>('document.activeElement?.tagName');
    expect(focused, 'the next stop is inside the main content').to.be.oneOf(['A', 'BUTTON', 'INPUT']);
    expect(await page.evaluate<boolean>("Boolean(document.activeElement?.closest('#main'))")).to.equal(true);
  });
});
