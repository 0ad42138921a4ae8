import { auditActionWord, auditFieldWord, auditObjectWord } from '@trialab/api-contract';
import { currentLanguage } from '../../locales';

// The audit trail's words are declared once, in the contract (audit-words.ts), for the server's
// exports too; these read them in the console's language.

/** An audit action id (`user.create`) in words (`User · create`); one without words as it is. */
export const actionLabel = (action: string): string => auditActionWord(action, currentLanguage());

/** An audited object (entity or area: `captcha`, `sampleShipment`) in words. */
export const objectLabel = (object: string): string => auditObjectWord(object, currentLanguage());

/** A field of an audit record's values in words, those of its object (`entity`) when it has its own. */
export const fieldLabel = (field: string, object?: string): string =>
  auditFieldWord(field, currentLanguage(), object);
