export * from './segmenting.ts';
export * from './numbers.ts';
export * from './catalogue.ts';
export { MESSAGING_TOKENS } from './tokens.ts';
