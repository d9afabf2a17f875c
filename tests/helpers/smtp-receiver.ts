import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  subject: string;
  /** The body, decoded from quoted-printable where the sender used it. */
  text: string;
}

/** A real SMTP server on a free port that keeps what it receives, for tests to await in order. */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  private readonly waiters: Array<(mail: ReceivedMail) => void> = [];
  private unread = 0;

  private readonly server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate for the client to check.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.deliver(parse(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });

  private constructor() {}

  static async start(): Promise<SmtpReceiver & { url: string }> {
    const receiver = new SmtpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.server.address() as AddressInfo;
    return Object.assign(receiver, { url: `smtp://127.0.0.1:${port}` });
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail);
    const waiter = this.waiters.shift();
    if (waiter) waiter(mail);
    else this.unread += 1;
  }

  /** The next message not yet awaited. */
  next(): Promise<ReceivedMail> {
    if (this.unread > 0) {
      this.unread -= 1;
      return Promise.resolve(this.received[this.received.length - 1 - this.unread]!);
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function parse(raw: string, envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] }): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
  const quotedPrintable = /quoted-printable/i.test(header('Content-Transfer-Encoding') ?? '');
  const text = quotedPrintable
    ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : body;
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: header('Subject') ?? '',
    text: text.replace(/\r\n/g, '\n'),
  };
}
