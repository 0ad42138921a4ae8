import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../utils/feedback';
import { SignatureModal } from '../SignatureModal';
import { useAction } from './useAction';

export { runAction, useAction } from './useAction';

export interface FormModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** What the form shows when it opens (editing a record); empty for a new one. */
  initialValues?: Partial<V>;
  /**
   * Saves the validated values. When it resolves the dialog says so and closes; a request error
   * (already shown by the request helper) keeps it open with what was typed.
   */
  onSave(values: V, password?: string): Promise<unknown>;
  onClose(): void;
  /**
   * An electronic signature (a transition with `signature`): once the form is valid,
   * `SignatureModal` shows this meaning and asks for the password again; `onSave` gets it. The
   * signature dialog stays open (with the password) when the save fails; cancelling it goes back to
   * the form with what was typed.
   */
  signature?: string;
  /** The success message; `false` for none (the caller says something else). Default: saved. */
  savedMessage?: string | false;
  /** A form instance the page also uses (watching a field, filling one from a device). */
  form?: FormInstance<V>;
  width?: number;
  okText?: string;
  layout?: FormProps['layout'];
  /** The form's style (e.g. the gaps of an inline form). */
  style?: CSSProperties;
  /** `data-testid` of the form; its OK button's is `<testId>-ok`. */
  testId?: string;
  /**
   * The form's name: its fields' ids become `<name>_<field>` (end-to-end tests find them so);
   * `dialog` when none is given, so they never repeat the ids of the list's filter form beneath.
   */
  name?: string;
  children: ReactNode;
}

/** The name of a dialog's form that was given none (its ids: `dialog_<field>`). */
const DIALOG_FORM = 'dialog';

/**
 * A dialog with a form that owns what every save dialog repeats: reset to `initialValues` on open,
 * validation, the saving state on OK (no second click), the success message, closing, and staying
 * open on a failed save.
 */
export function FormModal<V extends object>({
  open,
  title,
  initialValues,
  onSave,
  onClose,
  savedMessage,
  form: given,
  width,
  okText,
  layout = 'vertical',
  style,
  testId,
  name = DIALOG_FORM,
  signature,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [run, saving] = useAction();
  const [signing, setSigning] = useState<V | null>(null);

  // The values are read when it opens, not on each render (the page's object is new each time).
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);

  const message = savedMessage === false ? undefined : (savedMessage ?? t('portal.shared.savedOk'));
  const ok = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    if (signature) {
      setSigning(values);
      return;
    }
    if (await run(() => onSave(values), message)) onClose();
  };
  const sign = async (password: string) => {
    if (!signing) return;
    await onSave(signing, password);
    if (message) feedback.success(message);
    setSigning(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('portal.shared.save')}
      cancelText={t('portal.shared.cancel')}
      confirmLoading={saving}
      okButtonProps={testId ? ({ 'data-testid': `${testId}-ok` } as never) : undefined}
      onOk={() => void ok()}
      onCancel={onClose}
    >
      <Form form={form} name={name} layout={layout} style={style} data-testid={testId}>
        {children}
      </Form>
      {signature && (
        <SignatureModal
          open={open && signing !== null}
          meaning={signature}
          onSign={sign}
          onCancel={() => setSigning(null)}
        />
      )}
    </Modal>
  );
}
