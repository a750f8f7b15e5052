import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from './route.ts';

export interface HealthProbe {
  readonly databaseKind: string;
  database(): Promise<boolean>;
  queue(): Promise<boolean>;
  /** Active routes that wallet currencies in use cannot be priced in (no exchange rate yet). */
  missingFxRates(): Promise<readonly { readonly from: string; readonly to: string; readonly routes: readonly string[] }[]>;
  /** The secrets a fleet must share that this process keeps for itself (generated into its data directory, or per process). */
  readonly unsharedSecrets: readonly string[];
}

/** What a health answer says runs: the API document's version and the build's. */
export interface HealthVersions {
  /** The API document's version (`info.version`). */
  readonly version: string;
  readonly build: { readonly version: string; readonly commit: string | null };
}

const componentStatus = z.object({ status: z.enum(['up', 'down']) });
const versionsShape = {
  version: z.string().describe("The API document's version"),
  build: z.object({ version: z.string().describe("The product's version"), commit: z.string().nullable().describe('The commit it was built from; null when not known') }),
};
const livenessSchema = z.object({ status: z.literal('ok'), ...versionsShape });
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  ...versionsShape,
  database: componentStatus.extend({ kind: z.string() }),
  queue: componentStatus,
});

const readySchema = healthSchema.extend({
  pricing: z.object({
    status: z.enum(['up', 'degraded']).describe('`degraded`: some routes cannot be priced in some wallet currencies; sends there answer 503 pricing_unavailable'),
    missing_fx_rates: z.array(z.object({ from: z.string(), to: z.string(), routes: z.array(z.string()) })),
  }),
  secrets: z.object({
    status: z.enum(['configured', 'local']).describe('`local`: some secrets a fleet must share are kept by this process alone; every process of a fleet needs them in its environment'),
    local: z.array(z.string()).describe('The variables of those secrets (generated into TUMA_DATA_DIR, or per process)'),
  }),
});

const up = (healthy: boolean) => (healthy ? 'up' : 'down') as 'up' | 'down';

/**
 * `GET /health`: liveness, answered by the process alone (no database, no ORM context: cheap
 * enough for any load balancer's polling). Every API serves it under its own base URL.
 */
export function livenessRoute(versions: HealthVersions): RouteDefinition {
  const alive = { status: 'ok' as const, version: versions.version, build: versions.build };
  return defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process answers (touches neither the database nor the queue)',
    tag: 'Health',
    access: { public: true },
    withoutDatabase: true,
    responses: { 200: { description: 'The process is alive', schema: livenessSchema } },
    handler: async () => json(200, alive),
  });
}

/**
 * Liveness, and `GET /health/ready`: readiness, which checks the database and the job queue and
 * says which routes cannot be priced.
 */
export function healthRoutes(probe: HealthProbe, versions: HealthVersions): RouteDefinition[] {
  return [
    livenessRoute(versions),
    defineRoute({
      method: 'get',
      path: '/health/ready',
      summary: "Readiness for the operator: database, job queue, and which routes cannot be priced (missing exchange rates)",
      tag: 'Health',
      access: { public: true },
      responses: {
        200: { description: 'Database and queue up; `pricing` says what cannot be priced yet', schema: readySchema },
        503: { description: 'The database or the queue is down', schema: readySchema },
      },
      handler: async () => {
        const [database, queue] = await Promise.all([probe.database().catch(() => false), probe.queue().catch(() => false)]);
        const missing = database ? await probe.missingFxRates() : [];
        const healthy = database && queue;
        return json(healthy ? 200 : 503, {
          status: healthy && missing.length === 0 ? 'ok' : 'degraded',
          version: versions.version,
          build: versions.build,
          database: { status: up(database), kind: probe.databaseKind },
          queue: { status: up(queue) },
          pricing: { status: missing.length === 0 ? 'up' : 'degraded', missing_fx_rates: missing.map((gap) => ({ from: gap.from, to: gap.to, routes: [...gap.routes] })) },
          secrets: { status: probe.unsharedSecrets.length === 0 ? 'configured' : 'local', local: [...probe.unsharedSecrets] },
        });
      },
    }),
  ];
}
