/** Grant choices of an account application: the sites the applicant holds, one value per site. */
export interface ProjectOption {
  id: number;
  projectNo: string;
  name: string;
}
export interface SiteOption {
  id: number;
  centerNo: string;
  name: string;
}

/** Select options grouped by project; the value encodes `projectId:siteId`. */
export function grantOptions(projects: ProjectOption[], sitesOf: ReadonlyMap<number, SiteOption[]>) {
  return projects
    .map((p) => ({
      label: `${p.projectNo} ${p.name}`,
      options: (sitesOf.get(p.id) ?? []).map((s) => ({
        value: `${p.id}:${s.id}`,
        label: `${p.projectNo} / ${s.centerNo} ${s.name}`,
      })),
    }))
    .filter((group) => group.options.length > 0);
}

/** The chosen option values back as the request's grants (malformed values are dropped). */
export function grantsOf(values: readonly string[]): Array<{ projectId: number; siteId: number }> {
  return values.flatMap((value) => {
    const match = /^(\d+):(\d+)$/.exec(value);
    return match ? [{ projectId: Number(match[1]), siteId: Number(match[2]) }] : [];
  });
}

/** A request's project grants (`{projectId, siteIds}`) from the chosen values: project ids (staff) or `projectId:siteId`. */
export function projectGrantsOf(values: ReadonlyArray<string | number>) {
  const byProject = new Map<number, number[]>();
  for (const value of values) {
    if (typeof value === 'number') byProject.set(value, byProject.get(value) ?? []);
    else
      for (const g of grantsOf([value]))
        byProject.set(g.projectId, [...(byProject.get(g.projectId) ?? []), g.siteId]);
  }
  return [...byProject].map(([projectId, siteIds]) => ({ projectId, siteIds }));
}

/** Values of the grant select from an account's grant rows (a row without a site is a whole project). */
export function grantValuesOf(
  rows: ReadonlyArray<{ projectId: number; siteId: number | null }>,
): Array<string | number> {
  return rows.map((r) => (r.siteId === null ? r.projectId : `${r.projectId}:${r.siteId}`));
}
