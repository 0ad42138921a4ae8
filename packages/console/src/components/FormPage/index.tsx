import { Button, Card, Divider, Form, type FormInstance, type FormProps, Space } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Permission } from '../../access/gates';
import { feedback } from '../../utils/feedback';
import { confirmed } from '../ConfirmDialog';
import { useAction } from '../FormModal/useAction';
import { ReasonModal, type ReasonModalProps } from '../ReasonModal';
import { blanksToNull } from './values';

export { type ListColumnField, ListField } from './ListField';

/** The record a form page opens: `?id=` of its address; null for a new one. */
export function useRecordId(): number | null {
  const [params] = useSearchParams();
  return Number(params.get('id')) || null;
}

type AskReason = Pick<ReasonModalProps, 'title' | 'placeholder' | 'max' | 'required' | 'testId'>;

/**
 * What `check` answers about values that passed the form's rules: `refuse` stops the save and shows
 * its text as an error; `confirm` asks the user (OK saves, cancel does not); nothing: save. The texts
 * are the page's, in the user's language (`t(…)`).
 */
export type SaveCheck = { refuse: string } | { confirm: string } | undefined;

/** Runs a page's `check` and says whether to save: a refusal shown, a confirmation asked. */
export async function passesCheck(answer: SaveCheck | Promise<SaveCheck>): Promise<boolean> {
  const verdict = await answer;
  if (verdict === undefined) return true;
  if ('refuse' in verdict) {
    feedback.error(verdict.refuse);
    return false;
  }
  return confirmed({ content: verdict.confirm });
}

export interface FormPageProps<V> {
  title: ReactNode;
  /** The record and what the form needs have loaded (a new record: at once); until then a loading card. */
  ready: boolean;
  form: FormInstance<V>;
  /** The form's name: its fields get the ids `<name>_<field>`. */
  name: string;
  /** The record shown (its id, or 'new'): another record starts a fresh form in the same tab. */
  recordKey: number | string;
  initialValues?: Partial<V>;
  /** A record that may not be changed: every field read-only and no save button. */
  readOnly?: boolean;
  /** Above the form (a warning why it is read-only, say). */
  notice?: ReactNode;
  /**
   * The save: the form's values, typed from the contract's body, blank text as null (`blanksToNull`;
   * the server's schema trims the rest), and the reason when `reason` is given. It runs busy, says `savedMessage` when
   * it worked, then the form is emptied (the tab stays open) and the page goes `back` (unless `stay`).
   */
  onSave(values: V, reason: string | undefined): Promise<unknown>;
  savedMessage: string;
  /**
   * A check of the values before saving, after the form's rules passed (fields outside the form, a
   * rule across them): refuse with a message, ask for a confirmation, or let the save go (`SaveCheck`).
   * Runs before `reason` is asked.
   */
  check?(values: V): SaveCheck | Promise<SaveCheck>;
  /** Asked before saving (a change the audit trail records with its reason). */
  reason?: AskReason;
  /** The list the page came from: the back button and where a save returns. */
  back: string;
  /**
   * Stay on the page after a save (a designer saved as work goes on): the form keeps what was saved
   * and the page does not go `back`; `onSaved` gets the save's answer (a new record's id to show).
   */
  stay?: boolean;
  /** After a save worked, before going back (forget the page's own state); `result` is `onSave`'s. */
  onSaved?(result: unknown): void;
  /** The permission the save button needs (hidden without it); none: whoever opens the page. */
  savePermission?: string;
  /** The save button's test id. */
  saveTestId?: string;
  /** The form's test id. */
  testId?: string;
  /** The form's layout (default vertical; `inline` for a few fields in a row). */
  layout?: FormProps['layout'];
  /** The card's size. */
  size?: 'small' | 'default';
  /** The card's extra (header buttons). */
  extra?: ReactNode;
  style?: CSSProperties;
  /** The fields. */
  children: ReactNode;
  /** Inside the card, below the form (a saved record's own lists). */
  after?: ReactNode;
}

/**
 * A create-or-edit page (`/x/create-y?id=`): a card with the loading state, the form, save and
 * back. The page gives the fields, its initial values and the save call; the frame is this one.
 */
export function FormPage<V extends object>({
  title,
  ready,
  form,
  name,
  recordKey,
  initialValues,
  readOnly = false,
  notice,
  onSave,
  savedMessage,
  check,
  reason,
  back,
  stay = false,
  onSaved,
  savePermission,
  saveTestId,
  testId,
  layout = 'vertical',
  size,
  extra,
  style,
  children,
  after,
}: FormPageProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [run, busy] = useAction();
  const [asking, setAsking] = useState<V | null>(null);

  const save = async (values: V, why?: string) => {
    let result: unknown;
    const done = await run(async () => {
      result = await onSave(blanksToNull(values), why);
    }, savedMessage);
    if (!done) return;
    setAsking(null);
    if (stay) {
      onSaved?.(result);
      return;
    }
    form.resetFields();
    onSaved?.(result);
    navigate(back);
  };
  const submit = async (values: V) => {
    if (check && !(await passesCheck(check(values)))) return;
    if (reason) setAsking(values);
    else await save(values);
  };

  const saveButton = (
    <Button type="primary" htmlType="submit" loading={busy} data-testid={saveTestId}>
      {t('components.save')}
    </Button>
  );
  return (
    <Card title={title} loading={!ready} extra={extra} size={size}>
      {notice}
      {ready && (
        <Form<V>
          key={recordKey}
          form={form}
          layout={layout}
          name={name}
          data-testid={testId}
          disabled={readOnly}
          initialValues={initialValues}
          style={style}
          onFinish={(values) => void submit(values)}
        >
          {children}
          <Divider />
          <Space>
            {!readOnly &&
              (savePermission ? <Permission value={[savePermission]}>{saveButton}</Permission> : saveButton)}
            <Button disabled={false} onClick={() => navigate(back)}>
              {t('components.back')}
            </Button>
          </Space>
        </Form>
      )}
      {after}
      {reason && (
        <ReasonModal
          {...reason}
          open={asking !== null}
          saving={busy}
          onCancel={() => setAsking(null)}
          onOk={(why) => asking && void save(asking, why)}
        />
      )}
    </Card>
  );
}
