import { ResultCode } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sites } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { contains } from '../../lib/search.js';
import { assertProjectInScope, type ProjectsSeen } from './service.js';

/** Projects' SQL: the project lists and pickers, one project, a project's sites. */

const columns = {
  id: projects.id,
  projectNo: projects.projectNo,
  name: projects.name,
  sponsor: projects.sponsor,
  status: projects.status,
  version: projects.version,
};

const pickerColumns = { id: projects.id, projectNo: projects.projectNo, name: projects.name };

/** Projects outside the user's scope are invisible (external users: their projects and sites only). */
function scopeCondition(scope: ProjectsSeen): SQL | undefined {
  if (scope.all) return undefined;
  const ids = [...scope.projectIds];
  return ids.length > 0 ? inArray(projects.id, ids) : eq(projects.id, -1);
}

type ProjectFilter = { page: number; size: number; projectNo?: string | undefined };

const projectsWhere = (scope: ProjectsSeen, f: ProjectFilter) =>
  and(scopeCondition(scope), f.projectNo ? contains(projects.projectNo, f.projectNo) : undefined);

/** A page of the projects the scope sees, by number. */
export async function pageProjects(db: Executor, scope: ProjectsSeen, f: ProjectFilter) {
  const where = projectsWhere(scope, f);
  return pageOf(
    db.select({ n: count() }).from(projects).where(where),
    db.select(columns).from(projects).where(where).orderBy(asc(projects.projectNo)),
    f,
  );
}

/** The same page in the short form of the pickers. */
export async function pageProjectPicks(db: Executor, scope: ProjectsSeen, f: ProjectFilter) {
  const where = projectsWhere(scope, f);
  return pageOf(
    db.select({ n: count() }).from(projects).where(where),
    db.select(pickerColumns).from(projects).where(where).orderBy(asc(projects.projectNo)),
    f,
  );
}

export async function projectById(db: Executor, id: number) {
  const [row] = await db.select(columns).from(projects).where(eq(projects.id, id));
  if (!row) throw notFound();
  return row;
}

/** The project a record is filed under: it must exist and be in the scope. */
export async function checkedProject(db: Executor, scope: ProjectsSeen, projectId: number): Promise<void> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'projectId' } });
  assertProjectInScope(scope, projectId);
}

/** A page of the project's sites by number, only `allowed` ones when given. */
export async function pageSites(
  db: Executor,
  projectId: number,
  allowed: ReadonlySet<number> | undefined,
  f: { page: number; size: number },
) {
  const where = and(
    eq(sites.projectId, projectId),
    allowed && allowed.size > 0 ? inArray(sites.id, [...allowed]) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(sites).where(where),
    db
      .select({ id: sites.id, projectId: sites.projectId, centerNo: sites.centerNo, name: sites.name })
      .from(sites)
      .where(where)
      .orderBy(asc(sites.centerNo)),
    f,
  );
}
