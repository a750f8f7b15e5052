import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../http/route.ts';

export interface HealthProbe {
  readonly databaseKind: string;
  database(): Promise<boolean>;
  queue(): Promise<boolean>;
}

const componentStatus = z.object({ status: z.enum(['up', 'down']) });
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: componentStatus.extend({ kind: z.string() }),
  queue: componentStatus,
});

const up = (healthy: boolean) => (healthy ? 'up' : 'down') as 'up' | 'down';

export function healthRoutes(probe: HealthProbe, version: string): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      summary: 'Service health: database and job queue',
      tag: 'Health',
      access: { public: true },
      responses: { 200: { description: 'All components up', schema: healthSchema }, 503: { description: 'A component is down', schema: healthSchema } },
      handler: async () => {
        const [database, queue] = await Promise.all([probe.database().catch(() => false), probe.queue().catch(() => false)]);
        const healthy = database && queue;
        return json(healthy ? 200 : 503, {
          status: healthy ? 'ok' : 'degraded',
          version,
          database: { status: up(database), kind: probe.databaseKind },
          queue: { status: up(queue) },
        });
      },
    }),
  ];
}
