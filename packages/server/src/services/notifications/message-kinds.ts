import type { Lang } from '@trialab/api-contract';
import { type MessageKey, t } from '../../lib/i18n.js';

/**
 * Every kind of message the server sends. SMS providers send registered templates, not text: a
 * kind names its template's variable (SMS kinds only) and its parameters in the order Tencent's
 * TemplateParamSet takes them ({1}, {2}, …); Alibaba gets them by name. The outbox and e-mail
 * render the texts from the same parameters.
 */
export const MESSAGE_KINDS = {
  /** Login code, also the first step of a password reset. */
  loginCode: {
    subject: 'codeSubject',
    body: 'codeBody',
    params: ['code'],
    smsTemplateVariable: 'SMS_TEMPLATE_LOGIN_CODE',
  },
  /** A new portal user's first-login password (account applications). */
  firstPassword: {
    subject: 'accountCreatedSubject',
    body: 'accountCreatedBody',
    params: ['name', 'mobile', 'password'],
    smsTemplateVariable: 'SMS_TEMPLATE_FIRST_PASSWORD',
  },
  /** A temporary password set by an administrator (e-mail only). */
  tempPassword: {
    subject: 'tempPasswordSubject',
    body: 'tempPasswordBody',
    params: ['account', 'password'],
    smsTemplateVariable: null,
  },
  /** A site's shipment booking corrected by staff before pick-up, with the reason (e-mail only). */
  bookingCorrected: {
    subject: 'bookingCorrectedSubject',
    body: 'bookingCorrectedBody',
    params: ['orderNo', 'by', 'reason'],
    smsTemplateVariable: null,
  },
} as const satisfies Record<
  string,
  { subject: MessageKey; body: MessageKey; params: readonly string[]; smsTemplateVariable: string | null }
>;

type Kinds = typeof MESSAGE_KINDS;
export type MessageKind = keyof Kinds;
/** The kinds that may go by SMS (each needs a template registered with the provider). */
export type SmsKind = {
  [K in MessageKind]: Kinds[K]['smsTemplateVariable'] extends string ? K : never;
}[MessageKind];
export const SMS_KINDS = (Object.keys(MESSAGE_KINDS) as MessageKind[]).filter(
  (kind): kind is SmsKind => MESSAGE_KINDS[kind].smsTemplateVariable !== null,
);

export type OutgoingMessage = {
  [K in MessageKind]: {
    kind: K;
    channel: K extends SmsKind ? 'sms' | 'email' : 'email';
    recipient: string;
    lang: Lang;
    params: Record<Kinds[K]['params'][number], string>;
  };
}[MessageKind];

export type OutgoingSms = Extract<OutgoingMessage, { kind: SmsKind }> & { channel: 'sms' };

/** The text of a message (outbox, e-mail). */
export function renderMessage(message: OutgoingMessage): { subject: string; body: string } {
  const kind = MESSAGE_KINDS[message.kind];
  return { subject: t(message.lang, kind.subject), body: t(message.lang, kind.body, message.params) };
}

/** A template's parameters in the kind's declared order (Tencent's TemplateParamSet). */
export const orderedParams = (message: OutgoingSms): string[] =>
  MESSAGE_KINDS[message.kind].params.map((name) => (message.params as Record<string, string>)[name] ?? '');
