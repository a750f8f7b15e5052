/** An SMTP conversation over a raw socket, for what a client library would not send (garbage after DATA). */
import { connect, type Socket } from 'node:net';

export interface SmtpDialogue {
  /** Sends a command line (CRLF added) and reads the server's whole reply (`250 ...`, multi-line joined). */
  command(line: string): Promise<string>;
  /** Sends a message's data after DATA's 354 (dot-stuffed, the final `.` added) and reads the reply. */
  data(message: string | Buffer): Promise<string>;
  close(): void;
}

export async function smtpDialogue(port: number): Promise<SmtpDialogue> {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffered = '';
  const waiting: ((reply: string) => void)[] = [];
  const ready: string[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    // A reply ends with a line `NNN text` (a dash after the code continues it).
    for (let end = buffered.search(/^\d{3} [^\n]*\n/m); end !== -1; end = buffered.search(/^\d{3} [^\n]*\n/m)) {
      const stop = buffered.indexOf('\n', end) + 1;
      const reply = buffered.slice(0, stop).trim();
      buffered = buffered.slice(stop);
      const next = waiting.shift();
      if (next) next(reply);
      else ready.push(reply);
    }
  });
  const reply = () => new Promise<string>((resolve) => (ready.length > 0 ? resolve(ready.shift()!) : waiting.push(resolve)));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await reply(); // the greeting
  return {
    command: (line) => {
      socket.write(`${line}\r\n`);
      return reply();
    },
    data: (message) => {
      const text = Buffer.isBuffer(message) ? message : Buffer.from(message, 'utf8');
      const stuffed = Buffer.from(text.toString('latin1').replace(/(^|\r\n)\./g, '$1..'), 'latin1');
      socket.write(stuffed);
      socket.write(stuffed.toString('latin1').endsWith('\r\n') ? '.\r\n' : '\r\n.\r\n');
      return reply();
    },
    close: () => socket.destroy(),
  };
}
