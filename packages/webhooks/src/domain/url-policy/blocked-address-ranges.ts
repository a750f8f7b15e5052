/**
 * The address rule of webhook URLs (docs/webhooks.md, "URL policy"): a webhook may only reach a
 * publicly routable unicast address. These are the ranges it refuses, from the IANA IPv4 and IPv6
 * Special-Purpose Address Registries plus multicast and the cloud metadata services. The first
 * matching range names the reason, so narrower ranges come before the ranges holding them.
 * An adapter matches addresses against them with `net.BlockList` (the domain does no I/O).
 */
export interface AddressRange {
  readonly network: string;
  readonly prefix: number;
  /** Why an address in the range is refused, as the 422 and the delivery log say it. */
  readonly reason: string;
}

export const BLOCKED_IPV4_RANGES: readonly AddressRange[] = [
  { network: '169.254.169.254', prefix: 32, reason: 'the cloud metadata service' },
  { network: '168.63.129.16', prefix: 32, reason: 'the Azure platform service address' },
  { network: '255.255.255.255', prefix: 32, reason: 'the broadcast address' },
  { network: '0.0.0.0', prefix: 8, reason: 'an unspecified ("this network") address' },
  { network: '10.0.0.0', prefix: 8, reason: 'a private address' },
  { network: '100.64.0.0', prefix: 10, reason: 'a carrier-grade NAT (shared) address' },
  { network: '127.0.0.0', prefix: 8, reason: 'a loopback address' },
  { network: '169.254.0.0', prefix: 16, reason: 'a link-local address' },
  { network: '172.16.0.0', prefix: 12, reason: 'a private address' },
  { network: '192.0.0.0', prefix: 24, reason: 'an IETF protocol assignment' },
  { network: '192.0.2.0', prefix: 24, reason: 'a documentation address (TEST-NET-1)' },
  { network: '192.88.99.0', prefix: 24, reason: 'a reserved address (former 6to4 relay anycast)' },
  { network: '192.168.0.0', prefix: 16, reason: 'a private address' },
  { network: '198.18.0.0', prefix: 15, reason: 'a benchmarking address' },
  { network: '198.51.100.0', prefix: 24, reason: 'a documentation address (TEST-NET-2)' },
  { network: '203.0.113.0', prefix: 24, reason: 'a documentation address (TEST-NET-3)' },
  { network: '224.0.0.0', prefix: 4, reason: 'a multicast address' },
  { network: '240.0.0.0', prefix: 4, reason: 'a reserved address' },
];

export const BLOCKED_IPV6_RANGES: readonly AddressRange[] = [
  { network: '::', prefix: 128, reason: 'the unspecified address' },
  { network: '::1', prefix: 128, reason: 'the loopback address' },
  { network: '::ffff:0:0', prefix: 96, reason: 'an IPv4-mapped IPv6 address' },
  { network: '::', prefix: 96, reason: 'an IPv4-compatible IPv6 address (deprecated)' },
  { network: '64:ff9b:1::', prefix: 48, reason: 'a local-use NAT64 address' },
  { network: '100::', prefix: 64, reason: 'a discard-only address' },
  { network: '2001:db8::', prefix: 32, reason: 'a documentation address' },
  { network: '2001::', prefix: 23, reason: 'an IETF protocol assignment (Teredo, benchmarking, ORCHID)' },
  { network: '3fff::', prefix: 20, reason: 'a documentation address' },
  { network: '5f00::', prefix: 16, reason: 'a segment routing (SRv6) address' },
  { network: 'fd00:ec2::254', prefix: 128, reason: 'the cloud metadata service' },
  { network: 'fc00::', prefix: 7, reason: 'a unique local address' },
  { network: 'fe80::', prefix: 10, reason: 'a link-local address' },
  { network: 'fec0::', prefix: 10, reason: 'a site-local address (deprecated)' },
  { network: 'ff00::', prefix: 8, reason: 'a multicast address' },
];

/** Every other IPv6 address outside global unicast is refused too. */
export const GLOBAL_UNICAST_IPV6: AddressRange = { network: '2000::', prefix: 3, reason: 'not a global unicast address' };

/**
 * IPv6 prefixes whose addresses carry an IPv4 address right after the prefix: such an address is
 * refused when the IPv4 address it carries is (NAT64 64:ff9b::a00:1 reaches 10.0.0.1), and
 * allowed when that one is public (NAT64 lies outside global unicast, but is how IPv6-only
 * networks reach IPv4 hosts).
 */
export interface Ipv4Embedding {
  readonly name: string;
  /** The hextets before the IPv4 address (the prefix is 16 bits per hextet). */
  readonly hextets: readonly number[];
}

export const IPV4_EMBEDDINGS: readonly Ipv4Embedding[] = [
  { name: 'NAT64', hextets: [0x64, 0xff9b, 0, 0, 0, 0] },
  { name: '6to4', hextets: [0x2002] },
];
