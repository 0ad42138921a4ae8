import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../../db/client.js';
import { outbox } from '../../db/schema.js';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
}

/** Delivers login codes. `db` is the request's transaction (the outbox writes into it). */
export interface Notifier {
  send(message: OutgoingMessage, db: Executor): Promise<void>;
}

/** Development/demo outbox: stores messages; GET /sys/auth/dev/outbox shows them. */
export class OutboxNotifier implements Notifier {
  async send(message: OutgoingMessage, db: Executor): Promise<void> {
    await db.insert(outbox).values(message);
  }
}

/** E-mail through SMTP (nodemailer); SMS has no gateway yet and goes to `sms` (the outbox by default). */
export class SmtpNotifier implements Notifier {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly sms: Notifier = new OutboxNotifier(),
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: OutgoingMessage, db: Executor): Promise<void> {
    if (message.channel === 'sms') return this.sms.send(message, db);
    await this.transport.sendMail({
      from: this.from,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
    });
  }
}
