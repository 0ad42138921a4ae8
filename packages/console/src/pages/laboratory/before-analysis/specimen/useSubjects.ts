import { type DataOf, SUBJECT_PERMISSIONS } from '@trialab/api-contract';
import { useEffect, useState } from 'react';
import { useAccess } from '../../../../access/useAccess';
import type { Contract } from '../../../../services/contract';
import { labApi } from '../../../../services/lab';

type Subject = DataOf<Contract['subject']['paging']>[number];

/** Approved subjects of a project (to link barcodes to), when the user may list subjects. */
export function useSubjects(projectId: number | undefined): Subject[] {
  const { can } = useAccess();
  const allowed = can(SUBJECT_PERMISSIONS.page);
  const [subjects, setSubjects] = useState<Subject[]>([]);
  useEffect(() => {
    setSubjects([]);
    if (!projectId || !allowed) return;
    let live = true;
    labApi
      .subjectPaging({ projectId, status: 'approved', page: 1, size: 100 })
      .then((r) => live && setSubjects(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId, allowed]);
  return subjects;
}
