import type { DataOf } from '@trialab/api-contract';
import type { Contract } from '../../services/contract';
import { useEndpointQuery } from '../../services/query';

type Project = DataOf<Contract['project']['ownAll']>[number];
type Site = DataOf<Contract['project']['sitesByProject']>[number];
const NO_PROJECTS: Project[] = [];
const NO_SITES: Site[] = [];

/**
 * Projects in the user scope and the sites of the chosen one (for registration forms); the sites
 * shown are always those of `projectId`, never of a project chosen before it.
 */
export function useProjectSites(projectId: number | undefined): { projects: Project[]; sites: Site[] } {
  // Asked on each opening as before (a project or site may have just been granted).
  const projects = useEndpointQuery((c) => c.project.ownAll, { body: { page: 1, size: 100 } });
  const sites = useEndpointQuery(
    (c) => c.project.sitesByProject,
    { body: { projectId: projectId ?? 0, page: 1, size: 100 } },
    { enabled: Boolean(projectId) },
  );
  return {
    projects: projects.data?.data ?? NO_PROJECTS,
    sites: (projectId && sites.data?.data) || NO_SITES,
  };
}
