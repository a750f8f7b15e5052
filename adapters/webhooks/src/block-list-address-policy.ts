import { BlockList } from 'node:net';
import { BLOCKED_IPV4_RANGES, BLOCKED_IPV6_RANGES, GLOBAL_UNICAST_IPV6, IPV4_EMBEDDINGS, type AddressPolicy, type AddressRange } from '@tuma/webhooks';

interface Rule {
  readonly reason: string;
  readonly list: BlockList;
}

const ruleOf = (range: AddressRange, family: 'ipv4' | 'ipv6', reason = `${range.reason} (${range.network}/${range.prefix})`): Rule => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, family);
  return { reason, list };
};

/** `a.b.c.d` -> the two hextets it fills in an IPv6 address. */
function hextetsOf(ipv4: string): [number, number] {
  const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
  return [(a << 8) | b, (c << 8) | d];
}

const ipv6Of = (hextets: readonly number[]): string => [...hextets, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8).map((h) => h.toString(16)).join(':');

/** Each blocked IPv4 range as it appears inside an embedding prefix (NAT64 64:ff9b::a00:0/104 for 10.0.0.0/8). */
const embeddedRules = (): Rule[] =>
  IPV4_EMBEDDINGS.flatMap((embedding) =>
    BLOCKED_IPV4_RANGES.map((range) =>
      ruleOf(
        { network: ipv6Of([...embedding.hextets, ...hextetsOf(range.network)]), prefix: embedding.hextets.length * 16 + range.prefix, reason: range.reason },
        'ipv6',
        `a ${embedding.name} address of ${range.reason} (${range.network}/${range.prefix})`,
      ),
    ),
  );

/**
 * The address rule with `net.BlockList`: an IPv4 address is refused when a blocked range holds it;
 * an IPv6 address when a blocked range holds it, when it embeds a blocked IPv4 address (NAT64,
 * 6to4), or when it is outside global unicast and not a NAT64 address. The first matching
 * range names the reason.
 */
export class BlockListAddressPolicy implements AddressPolicy {
  private readonly ipv4 = BLOCKED_IPV4_RANGES.map((range) => ruleOf(range, 'ipv4'));
  private readonly ipv6 = [...BLOCKED_IPV6_RANGES.map((range) => ruleOf(range, 'ipv6')), ...embeddedRules()];
  private readonly embeddings = IPV4_EMBEDDINGS.map((embedding) =>
    ruleOf({ network: ipv6Of(embedding.hextets), prefix: embedding.hextets.length * 16, reason: embedding.name }, 'ipv6'),
  );
  private readonly globalUnicast = ruleOf(GLOBAL_UNICAST_IPV6, 'ipv6');

  blockedReason(address: string, family: 4 | 6): string | undefined {
    if (family === 4) return this.ipv4.find((rule) => rule.list.check(address, 'ipv4'))?.reason;
    const blocked = this.ipv6.find((rule) => rule.list.check(address, 'ipv6'));
    if (blocked) return blocked.reason;
    if (this.globalUnicast.list.check(address, 'ipv6') || this.embeddings.some((rule) => rule.list.check(address, 'ipv6'))) return undefined;
    return `${GLOBAL_UNICAST_IPV6.reason} (outside ${GLOBAL_UNICAST_IPV6.network}/${GLOBAL_UNICAST_IPV6.prefix})`;
  }
}
