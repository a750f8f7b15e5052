/** Looks records up in public DNS: the kernel's port, shared with links' branded domains. */
export type { DnsResolver } from '@tuma/kernel';
