import { type AuditRowNames, auditRecordText, auditRefKey } from './audit-words.js';

/**
 * Entities whose own record is named by the server from its table (code and name, in the reader's
 * language when the record has an English name), beside those of `AUDIT_ENTITY_REF_KINDS`: the
 * supply master data, whose rows said only "Consumable 8". The server's `withRefs` answers the
 * name as `refs['<entity>:<id>']`.
 */
export const AUDIT_NAMED_ENTITIES = ['supplyConsumable', 'supplier', 'supplyKit'] as const;
export type AuditNamedEntity = (typeof AUDIT_NAMED_ENTITIES)[number];

export const isAuditNamedEntity = (entity: string): entity is AuditNamedEntity =>
  (AUDIT_NAMED_ENTITIES as readonly string[]).includes(entity);

/**
 * Which record a row is about, by name: a named entity's own record (a consumable's code and
 * name), else as `auditRecordText` says (a project's number, the records its values point to, its id).
 */
export function auditObjectText(
  row: AuditRowNames & { entityId: string | null; oldValue: unknown; newValue: unknown },
): string {
  const own =
    isAuditNamedEntity(row.entity) && row.entityId !== null
      ? row.refs[auditRefKey(row.entity, row.entityId)]
      : undefined;
  return own || auditRecordText(row);
}
