/** The kernel's `DnsResolver` on node's resolver (`DNS_SERVERS`): shared by mail's domains and links' branded domains. */
export { dnsServersFrom, NodeDnsResolver, type NodeDnsResolverOptions } from './node-dns-resolver.ts';
