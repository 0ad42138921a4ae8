import { availableActions, type WorkflowDef } from '@trialab/api-contract';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useAccess } from '../../access/useAccess';
import { confirmDialog } from '../ConfirmDialog';
import { ReasonModal } from '../ReasonModal';
import { SignatureModal } from '../SignatureModal';

/** How one workflow action shows as a row button. */
export interface WorkflowActionButton {
  label: ReactNode;
  /**
   * Fired after the confirmation, with the reason when asked for, or with the password re-entered
   * for a `signature`: the reason dialog stays open (saving) until it settles and stays open with
   * the reason when it fails.
   */
  onClick(input: string | null): unknown;
  testId?: string;
  danger?: boolean;
  /** Asked first with `confirmDialog` (its content); cancelling it fires nothing. */
  confirm?: string;
  /**
   * Asks for a reason first (`ReasonModal`); whether it is required and its maximum length are the
   * workflow's (the transition's `reason`), the same the server checks. An empty optional reason is null.
   */
  reason?: { title: string; placeholder: string; testId: string };
  /**
   * An electronic signature (the transition's `signature`): `SignatureModal` shows this meaning and
   * asks for the password again; `onClick` gets the password. The dialog stays open until it
   * settles, and open (with the password) when it fails.
   */
  signature?: string;
}

export interface WorkflowActionsProps<S extends string, A extends string> {
  workflow: WorkflowDef<S, A>;
  /** The row's state. */
  state: S;
  /** The user created the record (for the applicant-only and segregation-of-duties transitions). */
  isApplicant?: boolean;
  /**
   * The user wrote (created or last edited) or submitted the version: a row's `authorIds` hold
   * them. Such a user gets no approve, return or review button (segregation of duties).
   */
  isAuthor?: boolean;
  /**
   * The buttons, in this order; an action without an entry has no button here. Only the actions the
   * workflow lets this user fire from `state` show (`availableActions`: state, permission, actor).
   */
  actions: Partial<Record<A, WorkflowActionButton>>;
  /** Buttons before the workflow's (e.g. view). */
  before?: ReactNode;
  /** Buttons after them (e.g. logistics). */
  after?: ReactNode;
}

/** A row's action buttons derived from its workflow, so a page never re-states who may do what when. */
export function WorkflowActions<S extends string, A extends string>({
  workflow,
  state,
  isApplicant = false,
  isAuthor,
  actions,
  before,
  after,
}: WorkflowActionsProps<S, A>) {
  const { can } = useAccess();
  const [asking, setAsking] = useState<A | null>(null);
  const [signing, setSigning] = useState<A | null>(null);
  const [saving, setSaving] = useState(false);
  const allowed = availableActions(workflow, state, {
    can: (p) => can(p),
    isApplicant,
    ...(isAuthor === undefined ? {} : { isAuthor }),
  });
  const shown = (Object.keys(actions) as A[]).filter((action) => allowed.includes(action));

  const fire = async (action: A, button: WorkflowActionButton) => {
    if (button.reason) {
      setAsking(action);
      return;
    }
    if (button.signature) {
      setSigning(action);
      return;
    }
    if (button.confirm) {
      try {
        await confirmDialog({ content: button.confirm });
      } catch {
        return;
      }
    }
    try {
      await button.onClick(null);
    } catch {
      // shown by the request helper
    }
  };

  const answer = async (button: WorkflowActionButton, reason: string) => {
    setSaving(true);
    try {
      await button.onClick(reason || null);
      setAsking(null);
    } catch {
      // Shown by the request helper; the reason stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const askingButton = asking ? actions[asking] : undefined;
  const signingButton = signing ? actions[signing] : undefined;
  const limits = asking ? workflow.transitions[asking].reason : undefined;
  return (
    <>
      {before}
      {shown.map((action) => {
        const button = actions[action] as WorkflowActionButton;
        return (
          <Button
            key={action}
            type="link"
            size="small"
            danger={button.danger}
            onClick={() => void fire(action, button)}
            data-testid={button.testId}
          >
            {button.label}
          </Button>
        );
      })}
      {after}
      {askingButton?.reason && (
        <ReasonModal
          open
          title={askingButton.reason.title}
          placeholder={askingButton.reason.placeholder}
          // A transition asked for a reason without declaring one takes an optional reason of the
          // reason columns' length.
          max={limits?.max ?? 255}
          required={limits?.required ?? false}
          testId={askingButton.reason.testId}
          saving={saving}
          onCancel={() => setAsking(null)}
          onOk={(reason) => void answer(askingButton, reason)}
        />
      )}
      <SignatureModal
        open={Boolean(signingButton?.signature)}
        meaning={signingButton?.signature ?? ''}
        onSign={async (password) => {
          await signingButton?.onClick(password);
          setSigning(null);
        }}
        onCancel={() => setSigning(null)}
      />
    </>
  );
}
