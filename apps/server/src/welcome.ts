import { API_NAMES, CONSOLE_BASE_PATH, type ApiName } from '@tuma/koa-adapter';
import type { ServerConfig } from './config.ts';
import type { StartedServer } from './tuma-server.ts';

const LABELS: Readonly<Record<ApiName, string>> = { sms: 'SMS, Verify, Two-Way', auth: 'Account service', mail: 'Mail API', links: 'Links API' };

/** What a newcomer sees on the first start: where each API is and a request that works. */
export function printWelcome(config: ServerConfig, started: StartedServer, write: (text: string) => void = console.log): void {
  const { apis } = started;
  if (started.port === undefined || apis === undefined) return;
  const base = `http://localhost:${started.port}`;
  const lines = [
    '',
    `Tuma is listening on ${base}  (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}, role: ${config.role})`,
  ];
  const urls = API_NAMES.map((api) => `http://localhost:${apis[api].port}${apis[api].basePath}`);
  const width = Math.max(...urls.map((url) => url.length));
  API_NAMES.forEach((api, i) => {
    const url = urls[i]!;
    const { publicUrl } = apis[api];
    const shown = publicUrl === url ? '' : `  (public: ${publicUrl})`;
    lines.push(`  ${`${LABELS[api]}:`.padEnd(22)}${url.padEnd(width)}  explorer: ${url}/docs${shown}`);
  });
  lines.push('  Each base URL also serves /openapi.json and /health.');
  lines.push(`  ${'Web console:'.padEnd(22)}${base}${CONSOLE_BASE_PATH}  (sign up, keys, webhooks, SMS, billing)`);
  const { 'mail-submission': submission, 'mail-inbound': inbound } = started.servers;
  if (submission !== undefined) lines.push(`  Mail SMTP submission: smtp://localhost:${submission} (an SMTP credential of /mail/v1/smtp-credentials)`);
  if (inbound !== undefined) lines.push(`  Mail inbound SMTP:    smtp://localhost:${inbound} (the MX of return paths: bounces and complaints)`);
  if (started.demo) {
    lines.push(
      '',
      `A demo account was created (${started.demo.email}). Its keys are shown this once:`,
      `  live key: ${started.demo.liveKey}`,
      `  test key: ${started.demo.testKey}`,
      '',
      'Try it:',
      `  curl -s ${base}/api/auth/me -H "Authorization: Bearer ${started.demo.testKey}"`,
    );
  }
  write(`${lines.join('\n')}\n`);
}
