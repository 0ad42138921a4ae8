import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, isoTime } from '../schemas.js';
import { PROGRESS_PLAN_STATES } from '../workflows/progress.js';
import { PROJECT_FILE_PERMISSIONS, PROJECT_STATES } from '../workflows/project-file.js';
import { PLAN_STATES } from '../workflows/project-plan.js';

// The project overview (/project/overview?id=): a project's figures in one call, part of the
// `project` group. Every count is the total of the list page it links to, asked the same way.

/** Query states still waiting for someone: the site (open) or the staff (answered). */
export const OPEN_QUERY_STATES = ['open', 'answered'] as const;
/** Bench feedback (exceptions the bench passed to the project manager) not yet closed. */
export const OPEN_FEEDBACK_STATES = ['open', 'answered'] as const;

const overviewSite = z.object({
  siteId: z.number(),
  centerNo: z.string(),
  name: z.string(),
  /** Subjects registered and approved. */
  subjects: z.number(),
  /** Subjects registered and waiting for review. */
  subjectsPending: z.number(),
  /** Sample barcodes (not aliquots) signed for at the bench. */
  samples: z.number(),
  /** Shipments picked up and not yet signed for. */
  inTransit: z.number(),
  /** When the site's last sample was signed for. */
  lastReceivedAt: isoTime.nullable(),
});

const overviewTask = z.object({
  id: z.number(),
  stage: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  plannedDue: z.string(),
});

export const projectOverviewEndpoints = {
  overview: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/{id}/overview',
    summary:
      "A project's overview: its record and state, enrolment and samples by site, plan versions, the progress plan's stages and overdue tasks, open queries, open bench feedback and reports awaiting review",
    access: { permission: PROJECT_FILE_PERMISSIONS.view },
    mutates: false,
    params: z.object({ id }),
    data: z.object({
      project: z.object({
        id: z.number(),
        projectNo: z.string(),
        name: z.string(),
        protocolNo: z.string().nullable(),
        sponsor: z.string().nullable(),
        /** The state in the project workflow (`projectFileWorkflow`). */
        status: z.enum(PROJECT_STATES),
        managerName: z.string().nullable(),
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
      }),
      sites: z.array(overviewSite),
      /** Every version of the project's sampling and testing plans, newest first. */
      plans: z.array(
        z.object({
          id: z.number(),
          planNo: z.string(),
          revision: z.number(),
          name: z.string(),
          status: z.enum(PLAN_STATES),
        }),
      ),
      /** The project's latest progress plan (null: none yet). */
      progress: z
        .object({
          planId: z.number(),
          name: z.string(),
          status: z.enum(PROGRESS_PLAN_STATES),
          /** Per stage (in task order): tasks, done, overdue. */
          stages: z.array(
            z.object({ stage: z.string(), total: z.number(), done: z.number(), overdue: z.number() }),
          ),
          /** Tasks past their due day and not done (seen today in the caller's zone), earliest first. */
          overdue: z.array(overviewTask),
        })
        .nullable(),
      /** Clarification queries in OPEN_QUERY_STATES (the total /project/question shows). */
      openQueries: z.number(),
      /** Bench feedback in OPEN_FEEDBACK_STATES (the total /project/feedback shows). */
      openFeedback: z.number(),
      /** Reports pending the project manager's review (the total /project/report-review shows). */
      pendingReports: z.number(),
    }),
  }),
};
