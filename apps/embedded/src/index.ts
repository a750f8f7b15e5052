export { createTuma, type CreateTumaOptions, type OpenedAccount, type Tuma } from './create-tuma.ts';
export type { TumaStore } from './stores.ts';
