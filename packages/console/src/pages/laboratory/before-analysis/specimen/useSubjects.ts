import { type DataOf, SUBJECT_PERMISSIONS } from '@trialab/api-contract';
import { useAccess } from '../../../../access/useAccess';
import type { Contract } from '../../../../services/contract';
import { useEndpointQuery } from '../../../../services/query';

type Subject = DataOf<Contract['subject']['paging']>[number];

/** Approved subjects of a project (to link barcodes to), when the user may list subjects. */
export function useSubjects(projectId: number | undefined): Subject[] {
  const { can } = useAccess();
  const allowed = can(SUBJECT_PERMISSIONS.page);
  const query = useEndpointQuery(
    (c) => c.subject.paging,
    { body: { projectId, status: 'approved', page: 1, size: 100 } },
    { enabled: Boolean(projectId) && allowed },
  );
  return projectId && allowed ? (query.data?.data ?? []) : [];
}
