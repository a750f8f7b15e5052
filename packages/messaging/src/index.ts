export * from './segmenting.ts';
export * from './numbers.ts';
export * from './catalogue.ts';
export * from './quotes.ts';
export { MESSAGING_TOKENS } from './tokens.ts';
export * from './opt-outs.ts';
export * from './templates.ts';
export * from './sender-ids.ts';
export * from './delivery.ts';
