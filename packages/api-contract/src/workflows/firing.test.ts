import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../index.js';
import { labReportWorkflow, reportRevisionWorkflow } from './lab-report.js';
import { firing, transitionAudit, type WorkflowDef, workflowById } from './machine.js';
import { progressPlanWorkflow, progressTaskWorkflow } from './progress.js';
import { projectPlanWorkflow } from './project-plan.js';
import { projectReportWorkflow } from './project-report.js';
import { subjectRegistrationWorkflow } from './subject-registration.js';
import { testOrderWorkflow } from './test-order.js';

const firingEndpoints = ALL_ENDPOINTS.filter((endpoint) => endpoint.fires !== undefined);

describe('endpoints that fire workflow transitions', () => {
  it('declare exactly the permission of every transition they fire', () => {
    const wrong = firingEndpoints.flatMap((endpoint) => {
      const fires = endpoint.fires as NonNullable<typeof endpoint.fires>;
      const workflow = workflowById(fires.workflow);
      if (!workflow) return [`${endpoint.id}: no workflow ${fires.workflow}`];
      const permission = typeof endpoint.access === 'object' ? endpoint.access.permission : endpoint.access;
      return fires.actions.flatMap((action) => {
        const transition = workflow.transitions[action];
        if (!transition) return [`${endpoint.id}: ${fires.workflow} has no ${action}`];
        return transition.permission === permission
          ? []
          : [`${endpoint.id}: ${permission}, but ${fires.workflow}.${action} needs ${transition.permission}`];
      });
    });
    expect(wrong).toEqual([]);
  });

  it.each([
    projectPlanWorkflow,
    progressPlanWorkflow,
    progressTaskWorkflow,
    labReportWorkflow,
    reportRevisionWorkflow,
    projectReportWorkflow,
    subjectRegistrationWorkflow,
    testOrderWorkflow,
  ] as WorkflowDef<string, string>[])(
    'every transition of $id is fired by an endpoint that says so',
    (workflow) => {
      const fired = new Set(
        firingEndpoints.flatMap((endpoint) =>
          endpoint.fires?.workflow === workflow.id ? endpoint.fires.actions : [],
        ),
      );
      expect(Object.keys(workflow.transitions).filter((action) => !fired.has(action))).toEqual([]);
    },
  );

  it('firing() gives the transition’s permission and refuses actions of different permissions', () => {
    expect(firing(projectPlanWorkflow, 'approve')).toEqual({
      access: { permission: projectPlanWorkflow.transitions.approve.permission },
      fires: { workflow: 'projectPlan', actions: ['approve'] },
    });
    // submit is the submitter's, approve the reviewer's: no one endpoint fires both.
    expect(() => firing(projectPlanWorkflow, 'submit', 'approve')).toThrow(/different permissions/);
  });

  it('names a transition in the audit trail after its workflow, or the name the trail already used', () => {
    expect(transitionAudit(projectPlanWorkflow, 'approve')).toBe('projectPlan.approve');
    expect(transitionAudit(labReportWorkflow, 'release')).toBe('report.release');
    expect(transitionAudit(reportRevisionWorkflow, 'approveRevision')).toBe('report.approveRevision');
    expect(transitionAudit(subjectRegistrationWorkflow, 'approve')).toBe('subject.approve');
  });
});
