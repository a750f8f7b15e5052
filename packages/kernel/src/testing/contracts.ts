/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeDnsResolverContract, type DnsResolverFixture, type DnsZone } from './dns-resolver.contract.ts';
export { describeDigestsContract } from './digests.contract.ts';
