import type { DataOf } from '@trialab/api-contract';
import { useEffect, useState } from 'react';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';

type Project = DataOf<Contract['project']['ownAll']>[number];
type Site = DataOf<Contract['project']['sitesByProject']>[number];

/** Projects in the user scope and the sites of the chosen one (for registration forms). */
export function useProjectSites(projectId: number | undefined): { projects: Project[]; sites: Site[] } {
  const [projects, setProjects] = useState<Project[]>([]);
  const [sites, setSites] = useState<Site[]>([]);
  useEffect(() => {
    let live = true;
    callEndpoint((c) => c.project.ownAll, { body: { page: 1, size: 100 } })
      .then((r) => live && setProjects(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    setSites([]);
    if (!projectId) return;
    let live = true;
    callEndpoint((c) => c.project.sitesByProject, { body: { projectId, page: 1, size: 100 } })
      .then((r) => live && setSites(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId]);
  return { projects, sites };
}
