import { ResultCode } from '@trialab/api-contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import { type OutgoingMessage, renderMessage } from './message-kinds.js';

/** Delivers messages. `db` is the request's transaction (the outbox writes into it). */
export interface Notifier {
  send(message: OutgoingMessage, db: Executor): Promise<void>;
}

/**
 * An outside service did not take a message. `detail` is what the provider said (its code, request
 * id, HTTP status); it never holds the message's parameters.
 */
export class DeliveryError extends Error {
  constructor(
    readonly provider: string,
    readonly detail: { code?: string; requestId?: string; status?: number; message?: string },
  ) {
    super(`${provider} did not send the message: ${detail.code ?? detail.message ?? 'unknown error'}`);
  }
}

/** Development/demo outbox: stores messages; GET /sys/auth/dev/outbox shows them. */
export class OutboxNotifier implements Notifier {
  async send(message: OutgoingMessage, db: Executor): Promise<void> {
    await db
      .insert(outbox)
      .values({ channel: message.channel, recipient: message.recipient, ...renderMessage(message) });
  }
}

/** E-mail through SMTP (nodemailer). */
export class SmtpNotifier implements Notifier {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') throw new Error('SMTP sends e-mail only');
    const { subject, body } = renderMessage(message);
    try {
      await this.transport.sendMail({ from: this.from, to: message.recipient, subject, text: body });
    } catch (error) {
      // nodemailer's message may quote the recipient: only its code and the SMTP reply code are kept.
      const e = error as { code?: string; responseCode?: number };
      throw new DeliveryError('smtp', { code: e.code, status: e.responseCode });
    }
  }
}

/** SMS by the provider's notifier, e-mail by the other one (the outbox or SMTP). */
export class ChannelNotifier implements Notifier {
  constructor(
    private readonly sms: Notifier,
    private readonly email: Notifier,
  ) {}
  send(message: OutgoingMessage, db: Executor): Promise<void> {
    return (message.channel === 'sms' ? this.sms : this.email).send(message, db);
  }
}

/** 138****0003, a***@example.com: enough to tell recipients apart in a log, not to contact them. */
function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  const digits = recipient.replace(/^\+86/, '');
  return digits.length >= 8 ? `${digits.slice(0, 3)}****${digits.slice(-4)}` : '****';
}

const sendFailed = () => new ApiError(ResultCode.SEND_FAILED, { key: 'sendFailed' });

/** How long after a failed send the channel counts as failing (see refuseWhileFailing). */
export const FAILING_MS = 5 * 60_000;

interface FailureLog {
  error(details: object, message: string): void;
}

/**
 * Wraps the app's notifier: a DeliveryError is logged (provider, kind, the provider's code and
 * request id, the masked recipient; never the parameters, which hold codes and passwords) and
 * answered as "could not send, try again" (SEND_FAILED), which rolls the request's transaction
 * back, so no code row stays for a message that was not sent.
 */
export class GuardedNotifier implements Notifier {
  private readonly failingSince = new Map<OutgoingMessage['channel'], number>();
  constructor(
    private readonly inner: Notifier,
    private readonly log: FailureLog,
    private readonly clock: () => number,
  ) {}

  async send(message: OutgoingMessage, db: Executor): Promise<void> {
    try {
      await this.inner.send(message, db);
      this.failingSince.delete(message.channel);
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      this.failingSince.set(message.channel, this.clock());
      this.log.error(
        {
          delivery: {
            provider: error.provider,
            kind: message.kind,
            channel: message.channel,
            recipient: maskRecipient(message.recipient),
            ...error.detail,
          },
        },
        'message not sent',
      );
      throw sendFailed();
    }
  }

  /**
   * For a request that sends nothing (an unknown account): answers as a send would while the
   * channel's last send failed in the past FAILING_MS, so an outage does not tell known accounts
   * from unknown ones.
   */
  refuseWhileFailing(channel: OutgoingMessage['channel']): void {
    const since = this.failingSince.get(channel);
    if (since !== undefined && this.clock() - since < FAILING_MS) throw sendFailed();
  }
}
