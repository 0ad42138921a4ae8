import { endpoints } from '@trialab/api-contract';
import { download } from '../../lib/download.js';
import type { GroupHandlers, SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { ownUpload } from '../system/repository.js';
import {
  checkCenterRows,
  checkContactRows,
  checkGroupRows,
  externalUsersWorkbook,
  previewOf,
  readRecordSheet,
  recordTemplate,
  recordWorkbook,
  researchUsersWorkbook,
  templateName,
} from './record-import.js';
import {
  enabledCenterChoices,
  externalUsers,
  onlinePlanOf,
  pageExternalUsers,
  pageReceivers,
  pageResearchUsers,
  projectById,
  projectDetail,
  projectsByNo,
  projectsWithSites,
  researchUsers,
  signedOnDay,
  siteAddresses,
  siteCount,
  sitesForExport,
} from './repository.js';

// The project record's imports (checked rows for the form), exports and user lists.

const { project } = endpoints;

type RecordKeys =
  | 'importTemplate'
  | 'groupImport'
  | 'centerImport'
  | 'contactImport'
  | 'export'
  | 'pageResearchUser'
  | 'researchUserExport'
  | 'externalUsers'
  | 'externalUserExport'
  | 'pageReceiver'
  | 'authedByProjectNo'
  | 'allWithSites'
  | 'dailyProjectNos'
  | 'address'
  | 'quotationInfo';

/** Rows of an export: far more than a record holds, so never cut in practice. */
const EXPORT_MAX = 5000;

/** The caller's sites of an existing project in scope (undefined: every site). */
async function sitesInScope(ctx: SessionCtx, projectId: number) {
  await projectById(ctx.db, projectId);
  const scope = await ctx.scope();
  assertProjectInScope(scope, projectId);
  return scope.sitesByProject.get(projectId);
}

/** The uploaded sheet of one section, read from the caller's own upload. */
const sheetOf = async <T extends 'group' | 'center' | 'contact'>(ctx: SessionCtx, type: T, fileId: number) =>
  readRecordSheet(type, await ctx.deps.files.read(await ownUpload(ctx.db, fileId, ctx.principal.userId)));

const xlsx = (name: string, content: Buffer) => download({ name, mime: XLSX_MIME, content });

export const recordHandlers: Pick<GroupHandlers<typeof project>, RecordKeys> = {
  importTemplate: async (ctx) =>
    xlsx(templateName(ctx.params.type), await recordTemplate(ctx.params.type, ctx.lang)),
  groupImport: async (ctx) => {
    const rows = checkGroupRows(await sheetOf(ctx, 'group', ctx.body.fileId), ctx.body.existing);
    return previewOf('group', ctx.lang, rows);
  },
  centerImport: async (ctx) => {
    const sheet = await sheetOf(ctx, 'center', ctx.body.fileId);
    const rows = checkCenterRows(sheet, ctx.body.existing, await enabledCenterChoices(ctx.db));
    return previewOf('center', ctx.lang, rows);
  },
  contactImport: async (ctx) => {
    const rows = checkContactRows(await sheetOf(ctx, 'contact', ctx.body.fileId), ctx.body.existing);
    return previewOf('contact', ctx.lang, rows);
  },
  export: async (ctx) => {
    const { id } = ctx.params;
    const { infoType } = ctx.query;
    await sitesInScope(ctx, id);
    const time = zonedTime(ctx);
    const record = await projectDetail(ctx.db, id);
    const name = `${record.projectNo}-${infoType}s.xlsx`;
    if (infoType === 'center')
      return xlsx(name, await recordWorkbook('center', await sitesForExport(ctx.db, id), ctx.lang, time));
    if (infoType === 'group') return xlsx(name, await recordWorkbook('group', record.groups, ctx.lang, time));
    return xlsx(name, await recordWorkbook('contact', record.contacts, ctx.lang, time));
  },
  pageResearchUser: async (ctx) => {
    await sitesInScope(ctx, ctx.body.projectId);
    return pageResearchUsers(ctx.db, ctx.body);
  },
  researchUserExport: async (ctx) => {
    const { projectId } = ctx.params;
    await sitesInScope(ctx, projectId);
    const { projectNo } = await projectById(ctx.db, projectId);
    const rows = await researchUsers(ctx.db, { projectId }).limit(EXPORT_MAX);
    const time = zonedTime(ctx);
    return xlsx(`${projectNo}-research-users.xlsx`, await researchUsersWorkbook(rows, ctx.lang, time));
  },
  externalUsers: async (ctx) =>
    pageExternalUsers(ctx.db, ctx.body, await sitesInScope(ctx, ctx.body.projectId)),
  externalUserExport: async (ctx) => {
    const allowed = await sitesInScope(ctx, ctx.body.projectId);
    const { projectNo } = await projectById(ctx.db, ctx.body.projectId);
    const rows = await externalUsers(ctx.db, ctx.body, allowed).limit(EXPORT_MAX);
    const time = zonedTime(ctx);
    return xlsx(`${projectNo}-external-users.xlsx`, await externalUsersWorkbook(rows, ctx.lang, time));
  },
  pageReceiver: async (ctx) => pageReceivers(ctx.db, ctx.body, await sitesInScope(ctx, ctx.body.projectId)),
  authedByProjectNo: async (ctx) => {
    const scope = await ctx.scope();
    const [row] = await projectsByNo(ctx.db, ctx.query.projectNo, ctx.lang);
    // Absent and out of scope answer alike, so numbers of other projects cannot be probed.
    if (!row || (!scope.all && !scope.projectIds.has(row.id))) return null;
    return row;
  },
  allWithSites: async (ctx) => projectsWithSites(ctx.db, await ctx.scope(), ctx.lang),
  dailyProjectNos: async (ctx) => {
    const scope = await ctx.scope();
    return signedOnDay(ctx.db, scope, zonedTime(ctx).date(ctx.now), ctx.timeZone, ctx.lang);
  },
  address: async (ctx) => {
    const allowed = await sitesInScope(ctx, ctx.body.projectId);
    return siteAddresses(ctx.db, ctx.body.projectId, ctx.body.siteId, allowed);
  },
  quotationInfo: async (ctx) => {
    const { projectId } = ctx.query;
    await sitesInScope(ctx, projectId);
    const row = await projectById(ctx.db, projectId);
    return {
      id: row.id,
      projectNo: row.projectNo,
      name: row.name,
      sponsor: row.sponsor,
      sites: await siteCount(ctx.db, projectId),
      ...(await onlinePlanOf(ctx.db, projectId)),
    };
  },
};
