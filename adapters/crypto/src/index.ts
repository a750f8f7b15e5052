/** The kernel's synchronous `Digests` on node:crypto: the one implementation the server binds. */
export { NodeDigests } from './node-digests.ts';
