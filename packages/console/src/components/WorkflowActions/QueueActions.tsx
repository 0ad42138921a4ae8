import type { WorkflowDef } from '@trialab/api-contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../utils/feedback';
import { inLanguage } from '../format';
import { type WorkflowActionButton, WorkflowActions } from './index';

/** What every step of a queue's row sends: the row's version (with the signature or the reason). */
export interface StepBody {
  version: number;
}

interface StepBase {
  label: ReactNode;
  testId: string;
}

type Meaning = Readonly<Record<'zh_CN' | 'en_US' | 'zh_HK', string>>;
type Signed = StepBase & {
  signature: Meaning;
  call(body: StepBody & { signature: { password: string } }): Promise<unknown>;
};
type Reasoned = StepBase & {
  reason: { title: string; placeholder: string; testId: string };
  call(body: StepBody & { reason: string }): Promise<unknown>;
};
type Plain = StepBase & { call(body: StepBody): Promise<unknown> };

/** One workflow step of a row, as its call (`step.*`), or a plain button opening the page's own dialog. */
export type QueueStep =
  | { kind: 'signed'; step: Signed }
  | { kind: 'reason'; step: Reasoned }
  | { kind: 'plain'; step: Plain }
  | WorkflowActionButton;

/** The steps a queue's row fires. */
export const step = {
  /** E-signed: `SignatureModal` shows the meaning; the call gets `{ version, signature: { password } }`. */
  signed: (s: Signed): QueueStep => ({ kind: 'signed', step: s }),
  /** A reason asked first (a danger button): the call gets `{ version, reason }`. */
  reason: (s: Reasoned): QueueStep => ({ kind: 'reason', step: s }),
  /** Fired as it is: the call gets `{ version }`. */
  plain: (s: Plain): QueueStep => ({ kind: 'plain', step: s }),
};

export interface QueueActionsProps<S extends string, A extends string> {
  workflow: WorkflowDef<S, A>;
  /** The row: its state, the version its steps send, and who created it. */
  row: { status: S; version: number; createdBy: number | null };
  /** The user (the session's id): the row's creator gets no step that must be another's. */
  userId: number | undefined;
  /**
   * The user wrote or submitted the version (segregation of duties; default: created it). A row
   * whose `submittedBy` also counts says so here.
   */
  authored?: boolean;
  /** The steps, in button order; only those the workflow lets this user fire show. */
  steps: Partial<Record<A, QueueStep>>;
  /** Said when a step worked, before the list loads again. */
  done: string;
  /** Loads the list again (`list.reload`). */
  reload(): Promise<unknown>;
  /** Buttons before the steps (view, edit). */
  before?: ReactNode;
  /** Buttons after them (the PDF). */
  after?: ReactNode;
}

/**
 * A review queue's row buttons (statements, adjustments, quotations): each step calls its endpoint
 * with the row's version and the signature or reason it asked for, says `done` and reloads the list.
 * Who may fire what when is the workflow's (`WorkflowActions`).
 */
export function QueueActions<S extends string, A extends string>({
  workflow,
  row,
  userId,
  authored,
  steps,
  done,
  reload,
  before,
  after,
}: QueueActionsProps<S, A>) {
  const { i18n } = useTranslation();
  const { version } = row;
  const fire = async (call: Promise<unknown>) => {
    await call;
    feedback.success(done);
    await reload();
  };
  const button = (given: QueueStep): WorkflowActionButton => {
    if (!('kind' in given)) return given;
    const { label, testId } = given.step;
    if (given.kind === 'signed') {
      const { signature, call } = given.step;
      return {
        label,
        testId,
        signature: inLanguage(signature, i18n.language),
        onClick: (password) => fire(call({ version, signature: { password: password ?? '' } })),
      };
    }
    if (given.kind === 'reason') {
      const { reason, call } = given.step;
      return {
        label,
        testId,
        danger: true,
        reason,
        onClick: (text) => fire(call({ version, reason: text ?? '' })),
      };
    }
    const { call } = given.step;
    return { label, testId, onClick: () => fire(call({ version })) };
  };
  const actions: Partial<Record<A, WorkflowActionButton>> = {};
  for (const [action, given] of Object.entries(steps) as [A, QueueStep | undefined][])
    if (given) actions[action] = button(given);
  const created = row.createdBy === userId;
  return (
    <WorkflowActions
      workflow={workflow}
      state={row.status}
      isApplicant={created}
      isAuthor={authored ?? created}
      before={before}
      after={after}
      actions={actions}
    />
  );
}
