import type { ServerConfig } from './config.ts';
import type { StartedServer } from './tuma-server.ts';

/** What a newcomer sees on the first start: where the API is and a request that works. */
export function printWelcome(config: ServerConfig, started: StartedServer, write: (text: string) => void = console.log): void {
  if (started.port === undefined) return;
  const base = `http://localhost:${started.port}`;
  const lines = [
    '',
    `Tuma is listening on ${base}  (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}, role: ${config.role})`,
    `  API explorer: ${base}/docs    OpenAPI: ${base}/openapi.json    health: ${base}/health`,
  ];
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
