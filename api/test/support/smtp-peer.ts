import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `stop()` and `start()` take it down
 * and bring it back on the same port, to test delivery while the mail server is away.
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  /** Recipients this server refuses for good (550), as a server does for an unknown mailbox. */
  readonly refused = new Set<string>();
  /** SMTP connections opened to this server so far (a pooled sender reuses a few). */
  connections = 0;
  /**
   * How long the server takes to accept each message once it has it (a real server queues it to
   * disk first): 0 by default; the e-mail bench and the concurrency test set it.
   */
  acceptDelayMs = 0;
  /**
   * Hold each message until this many are waiting together, then accept them all: shows a sender
   * sends side by side without depending on the machine's speed. A sender that never gets there
   * is let through after 5 seconds (the test then fails on `maxConcurrentMessages`, not a hang).
   */
  holdUntilTogether = 0;
  private held: (() => void)[] = [];
  /** Messages being accepted right now, and the most there ever were at once. */
  private accepting = 0;
  maxConcurrentMessages = 0;
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address)) return callback();
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        let raw = '';
        this.accepting += 1;
        this.maxConcurrentMessages = Math.max(this.maxConcurrentMessages, this.accepting);
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          const accept = () => {
            this.accepting -= 1;
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            callback();
          };
          if (this.holdUntilTogether > 0) this.hold(accept);
          else if (this.acceptDelayMs > 0) setTimeout(accept, this.acceptDelayMs);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  private hold(accept: () => void): void {
    this.held.push(accept);
    const release = () => this.held.splice(0).forEach((held) => held());
    if (this.held.length >= this.holdUntilTogether) release();
    else if (this.held.length === 1) setTimeout(release, 5_000).unref();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
