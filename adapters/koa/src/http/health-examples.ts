import type { ExamplesByOperation } from './operation-examples.ts';

const versions = { version: '1.0.0', build: { version: '0.1.0', commit: 'a0dfff0a2065dbdb20b514fbfa35fe6076302d65' } };

/** The health routes every API serves: a production server on PostgreSQL with its fleet's secrets configured. */
export const HEALTH_EXAMPLES = {
  getHealth: { response: { status: 'ok', ...versions } },
  getReadiness: {
    response: {
      status: 'ok',
      ...versions,
      database: { status: 'up', kind: 'postgresql' },
      queue: { status: 'up' },
      pricing: { status: 'up', missing_fx_rates: [] },
      secrets: { status: 'configured', local: [] },
    },
  },
} satisfies ExamplesByOperation;
