import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly mailFrom: string;
  readonly recipients: readonly string[];
  readonly raw: string;
}

/** A real SMTP server on 127.0.0.1 (a random port) keeping what it receives; `refuse` makes RCPT TO of an address fail 550. */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (this.refused.has(address.address)) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        this.received.push({ mailFrom: mailFrom ? mailFrom.address : '', recipients: rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  private readonly refused = new Set<string>();

  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as { port: number }).port}`;
    return this;
  }

  refuse(address: string): this {
    this.refused.add(address);
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}
