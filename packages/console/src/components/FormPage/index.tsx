import { Button, Card, Divider, Form, type FormInstance, Space } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
   * it worked, then the form is emptied (the tab stays open) and the page goes `back`.
   */
  onSave(values: V, reason: string | undefined): Promise<unknown>;
  savedMessage: string;
  /** Asked before saving (a change the audit trail records with its reason). */
  reason?: AskReason;
  /** The list the page came from: the back button and where a save returns. */
  back: string;
  /** After a save worked, before going back (forget the page's own state). */
  onSaved?(): void;
  /** The save button's test id. */
  saveTestId?: string;
  /** The form's test id. */
  testId?: string;
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
  reason,
  back,
  onSaved,
  saveTestId,
  testId,
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
    const done = await run(() => onSave(blanksToNull(values), why), savedMessage);
    if (!done) return;
    setAsking(null);
    form.resetFields();
    onSaved?.();
    navigate(back);
  };

  return (
    <Card title={title} loading={!ready} extra={extra}>
      {notice}
      {ready && (
        <Form<V>
          key={recordKey}
          form={form}
          layout="vertical"
          name={name}
          data-testid={testId}
          disabled={readOnly}
          initialValues={initialValues}
          style={style}
          onFinish={(values) => (reason ? setAsking(values) : void save(values))}
        >
          {children}
          <Divider />
          <Space>
            {!readOnly && (
              <Button type="primary" htmlType="submit" loading={busy} data-testid={saveTestId}>
                {t('components.save')}
              </Button>
            )}
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
