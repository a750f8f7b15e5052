import dns2 from 'dns2';

const { Packet } = dns2;

/** The encoder reads these fields only (the typings ask for a toBuffer the server never calls). */
type Answer = Parameters<Array<dns2.Packet.Resource>['push']>[0];

type ZoneRecord =
  | { readonly type: 'TXT'; readonly strings: readonly string[] }
  | { readonly type: 'MX'; readonly exchange: string; readonly priority: number }
  | { readonly type: 'A' | 'AAAA'; readonly address: string };

/** A real DNS server on 127.0.0.1 (UDP, a random port) answering from a zone the test fills. */
export class DnsZoneServer {
  private readonly zone = new Map<string, ZoneRecord[]>();
  private readonly server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const records = this.zone.get(question.name.toLowerCase()) ?? [];
        if (records.length === 0) response.header.rcode = Packet.RCODE.NXDOMAIN;
        for (const record of records) {
          const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
          if (record.type === 'TXT' && question.type === Packet.TYPE.TXT) response.answers.push({ ...base, type: Packet.TYPE.TXT, data: [...record.strings] } as Answer);
          if (record.type === 'MX' && question.type === Packet.TYPE.MX) response.answers.push({ ...base, type: Packet.TYPE.MX, exchange: record.exchange, priority: record.priority } as Answer);
          if (record.type === 'A' && question.type === Packet.TYPE.A) response.answers.push({ ...base, type: Packet.TYPE.A, address: record.address } as Answer);
          if (record.type === 'AAAA' && question.type === Packet.TYPE.AAAA) response.answers.push({ ...base, type: Packet.TYPE.AAAA, address: record.address } as Answer);
        }
      }
      return send(response);
    },
  });

  /** `127.0.0.1:<port>`, for a resolver's servers. */
  address = '';

  async start(): Promise<this> {
    const { udp } = await this.server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    this.address = `127.0.0.1:${udp!.port}`;
    return this;
  }

  /** One TXT record; several strings are one record published in pieces. */
  publishTxt(host: string, ...strings: readonly string[]): this {
    return this.add(host, { type: 'TXT', strings });
  }

  publishMx(host: string, exchange: string, priority = 10): this {
    return this.add(host, { type: 'MX', exchange, priority });
  }

  /** An A record, or an AAAA record for an IPv6 address. */
  publishAddress(host: string, address: string): this {
    return this.add(host, { type: address.includes(':') ? 'AAAA' : 'A', address });
  }

  clear(): void {
    this.zone.clear();
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private add(host: string, record: ZoneRecord): this {
    this.zone.set(host.toLowerCase(), [...(this.zone.get(host.toLowerCase()) ?? []), record]);
    return this;
  }
}
