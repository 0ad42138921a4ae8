import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useAccess } from '../../access/useAccess';
import { confirmed } from '../ConfirmDialog';
import { useAction } from '../FormModal/useAction';
import { ReasonModal } from '../ReasonModal';

type OfRow<T, V> = V | ((row: T) => V);
const of = <T, V>(value: OfRow<T, V>, row: T): V =>
  typeof value === 'function' ? (value as (row: T) => V)(row) : value;

/**
 * One button of a row outside a workflow (edit, enable or disable, reset, delete). Either it opens
 * something (`onClick`: a dialog, another page) or it calls the server (`run`): asked first
 * (`confirm`) or with a reason (`reason`), busy while it runs, `done` said when it worked.
 */
export interface RowAction<T> {
  label: OfRow<T, ReactNode>;
  /** The button permission; without it the button is not shown. */
  permission?: string;
  /** The button's test id (`account-edit-<mobile>`). */
  testId?(row: T): string;
  danger?: OfRow<T, boolean>;
  /** Not offered for this row (the signed-in user's own account, a finished record). */
  hidden?(row: T): boolean;
  /** Opens something; no call, no busy state. */
  onClick?(row: T): void;
  /** The call; the row's buttons are busy until it settles. Reloading is the mutation's (invalidates). */
  run?(row: T, reason: string | undefined): Promise<unknown>;
  /** A question asked before `run` (`confirmed`). */
  confirm?(row: T): string;
  /** A reason asked before `run` (`ReasonModal`): the dialog stays open until `run` settles. */
  reason?: { title(row: T): string; placeholder: string; max: number; required: boolean; testId: string };
  /** Said when `run` worked. */
  done?: OfRow<T, string>;
}

/** The buttons of one row from their declarations, for `ListPage`'s `actions.items`. */
export function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  const { can } = useAccess();
  const [run, busy] = useAction();
  const [asking, setAsking] = useState<RowAction<T> | null>(null);
  const [running, setRunning] = useState<RowAction<T> | null>(null);

  const fire = async (action: RowAction<T>, reason?: string) => {
    if (!action.run) return;
    setRunning(action);
    const done = await run(
      () => action.run?.(row, reason) ?? Promise.resolve(),
      action.done === undefined ? undefined : of(action.done, row),
    );
    setRunning(null);
    if (done) setAsking(null);
  };
  const click = async (action: RowAction<T>) => {
    if (action.onClick) return action.onClick(row);
    if (action.reason) return setAsking(action);
    if (action.confirm && !(await confirmed({ content: action.confirm(row) }))) return;
    await fire(action);
  };

  const shown = actions.filter((a) => (a.permission === undefined || can(a.permission)) && !a.hidden?.(row));
  return (
    <>
      {shown.map((action, i) => (
        <Button
          key={i}
          type="link"
          size="small"
          danger={action.danger === undefined ? undefined : of(action.danger, row)}
          disabled={busy && running !== action && action.run !== undefined}
          loading={busy && running === action && !action.reason}
          onClick={() => void click(action)}
          data-testid={action.testId?.(row)}
        >
          {of(action.label, row)}
        </Button>
      ))}
      {asking?.reason && (
        <ReasonModal
          open
          title={asking.reason.title(row)}
          placeholder={asking.reason.placeholder}
          max={asking.reason.max}
          required={asking.reason.required}
          testId={asking.reason.testId}
          saving={busy}
          onCancel={() => setAsking(null)}
          onOk={(reason) => void fire(asking, reason)}
        />
      )}
    </>
  );
}
