/** Names are looked up on the server's one resolver (`DNS_SERVERS`): the kernel's port, shared with mail's and links' record checks. */
export type { HostResolver, ResolvedAddress } from '@tuma/kernel';
