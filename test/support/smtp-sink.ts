/** A real SMTP server on 127.0.0.1 (port 0) that keeps what it receives: for suites of the SMTP mailer. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The raw message, quoted-printable soft line breaks and escapes undone (enough to read links in it). */
  readonly message: string;
  /** When its data ended (`performance.now()`): the benches' hand-off rates. */
  readonly at: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** The clients' connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

/** Quoted-printable soft line breaks and escapes undone: enough to read the links of a message. */
export const decodeQuotedPrintable = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          message: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          at: performance.now(),
        });
        callback();
      });
    },
  });
  // A client killed mid-message (the worker-kill tests) resets its connection: smtp-server reports
  // that on the server, and a relay carries on rather than crash the test process.
  server.on('error', () => undefined);
  const listening = server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
  const { port } = listening.address() as AddressInfo;
  // smtp-server keeps its sessions in `connections`, which its types leave out.
  const openConnections = () => (server as unknown as { connections: Set<unknown> }).connections.size;
  return { url: `smtp://127.0.0.1:${port}`, received, openConnections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
