/**
 * Drives a real headless Chromium over the DevTools protocol (node:child_process + the global
 * WebSocket; no npm packages), for the few checks that need a browser. Tests skip when
 * /usr/bin/chromium is not installed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM_PATH);

export interface BrowserPage {
  /** Evaluates a JavaScript expression in the page and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` until it is truthy (across navigations). */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

type Pending = { resolve: (result: any) => void; reject: (error: Error) => void };

export async function openInChromium(url: string): Promise<BrowserPage> {
  const profile = mkdtempSync(join(tmpdir(), 'tuma-chromium-'));
  const browser = spawn(
    CHROMIUM_PATH,
    ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
  const stop = async () => {
    browser.kill('SIGKILL');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools: ${output}`)), 30_000);
      browser.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      browser.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
    });
    const port = new URL(endpoint).port;
    const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?${encodeURI(url)}`, { method: 'PUT' })).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('Could not connect to the page over DevTools'));
    });
    const pending = new Map<number, Pending>();
    let nextId = 0;
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiter = data.id === undefined ? undefined : pending.get(data.id);
      if (!waiter) return;
      pending.delete(data.id!);
      if (data.error) waiter.reject(new Error(data.error.message));
      else waiter.resolve(data.result);
    };
    const send = (method: string, params: Record<string, unknown>) =>
      new Promise<any>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      });
    const evaluate = async <T>(expression: string): Promise<T> => {
      const answer = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (answer.exceptionDetails) throw new Error(`In the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
      return answer.result.value as T;
    };
    return {
      evaluate,
      async waitFor(expression, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        let last: unknown;
        while (Date.now() < deadline) {
          try {
            if (await evaluate<boolean>(`Boolean(${expression})`)) return;
          } catch (error) {
            last = error; // the page is navigating; try again
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`Timed out waiting for ${expression}${last ? ` (${String(last)})` : ''}`);
      },
      async close() {
        socket.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
