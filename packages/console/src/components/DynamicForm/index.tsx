import { UploadOutlined } from '@ant-design/icons';
import {
  FORM_LANGS,
  type FormField,
  type FormLabel,
  type FormLang,
  type FormValueError,
  fieldValueError,
  orderedFields,
} from '@trialab/api-contract';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicked } from '../../services/files';
import { useEndpointQuery } from '../../services/query';
import { DictSelect } from '../DictSelect';
import { runAction } from '../FormModal/useAction';

const DATE = 'YYYY-MM-DD';

/** A template text in the interface language (Simplified Chinese when that one is empty). */
export function localText(text: Partial<FormLabel> | undefined, language: string): string {
  const lang: FormLang = (FORM_LANGS as readonly string[]).includes(language)
    ? (language as FormLang)
    : 'zh-CN';
  return text?.[lang] || text?.['zh-CN'] || '';
}

/** The words of a broken rule: the field's own message for a pattern, else the shared texts. */
function useErrorText() {
  const { t, i18n } = useTranslation('planTemplate', { keyPrefix: 'value' });
  return (field: FormField, error: FormValueError) => {
    if (error.code === 'pattern' && field.type === 'text' && field.pattern)
      return localText(field.pattern.message, i18n.language);
    return t(error.code, { label: localText(field.label, i18n.language), n: error.n });
  };
}

/** File ids picked through the upload endpoint (the value is the list of ids). */
function FileIds(props: {
  id?: string;
  value?: number[];
  onChange?(ids: number[]): void;
  max: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'value' });
  const ids = props.value ?? [];
  const [names, setNames] = useState<Record<number, string>>({});
  return (
    <Upload
      id={props.id}
      fileList={ids.map((id) => ({ uid: String(id), name: names[id] ?? `#${id}`, status: 'done' as const }))}
      disabled={props.disabled}
      customRequest={async ({ file, onSuccess }) => {
        // An upload the server refused was shown by the request helper; the list stays as it was.
        await runAction(async () => {
          const uploaded = await uploadPicked(file as File);
          setNames((known) => ({ ...known, [uploaded.id]: uploaded.name }));
          props.onChange?.([...ids, uploaded.id]);
          onSuccess?.(uploaded);
        });
      }}
      onRemove={(file) => props.onChange?.(ids.filter((id) => String(id) !== file.uid))}
    >
      {ids.length < props.max && !props.disabled && <Button icon={<UploadOutlined />}>{t('upload')}</Button>}
    </Upload>
  );
}

/** Lab staff to choose from (the user field's value is the user's id). */
function UserSelect(props: {
  id?: string;
  value?: number;
  onChange?(id: number | undefined): void;
  disabled?: boolean;
}) {
  const users = useEndpointQuery((c) => c.user.listInnerSimple).data?.data ?? [];
  return (
    <Select
      id={props.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      options={users.map((u) => ({ value: u.id, label: u.username }))}
    />
  );
}

/** The input of one field; Form.Item passes its value, onChange and id through `control`. */
function Control({
  field,
  disabled,
  ...control
}: { field: FormField; disabled?: boolean } & Record<string, unknown>) {
  const { i18n } = useTranslation();
  const props = { ...control, disabled };
  switch (field.type) {
    case 'text':
      return <Input {...props} maxLength={field.maxLength} />;
    case 'textarea':
      return <Input.TextArea {...props} rows={3} maxLength={field.maxLength} />;
    case 'number':
      return <InputNumber {...props} style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker {...props} style={{ width: '100%' }} />;
    case 'select':
    case 'multiSelect': {
      const mode = field.type === 'multiSelect' ? ('multiple' as const) : undefined;
      if (field.dictNo !== undefined)
        return <DictSelect {...props} dictNo={field.dictNo} mode={mode} allowClear />;
      return (
        <Select
          {...props}
          mode={mode}
          allowClear
          options={(field.options ?? []).map((o) => ({
            value: o.value,
            label: localText(o.label, i18n.language),
          }))}
        />
      );
    }
    case 'checkbox':
      return <Checkbox {...props}>{localText(field.label, i18n.language)}</Checkbox>;
    case 'file':
      return <FileIds {...props} max={field.maxFiles} />;
    case 'user':
      return <UserSelect {...props} />;
  }
}

/** How a value sits in the antd control (dates as dayjs, a tick as `checked`) and back. */
function valueProps(field: FormField) {
  if (field.type === 'date')
    return {
      getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, DATE) : undefined }),
      normalize: (value: Dayjs | null) => (value ? value.format(DATE) : undefined),
    };
  if (field.type === 'checkbox') return { valuePropName: 'checked' };
  // An emptied number box gives null: the same as nothing typed.
  if (field.type === 'number') return { normalize: (value: number | null) => value ?? undefined };
  return {};
}

export interface DynamicFieldsProps {
  /** Fields as the contract declares them (formFields); shown by `sort`. */
  fields: readonly FormField[];
  disabled?: boolean;
}

/**
 * The form items of a form template, inside the caller's antd Form (values keyed by field key).
 * Each item checks its value with the contract's `fieldValueError`, the rule the server applies to
 * the same values, so the preview and the projects' forms refuse exactly what the server refuses.
 */
export function DynamicFields({ fields, disabled }: DynamicFieldsProps) {
  const { i18n } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      {orderedFields(fields).map((field) => (
        <Form.Item
          key={field.key}
          name={field.key}
          label={field.type === 'checkbox' ? undefined : localText(field.label, i18n.language)}
          required={field.required}
          extra={localText(field.help, i18n.language) || undefined}
          data-testid={`dynamic-field-${field.key}`}
          rules={[
            {
              validator: (_, value) => {
                const error = fieldValueError(field, value);
                return error ? Promise.reject(new Error(errorText(field, error))) : Promise.resolve();
              },
            },
          ]}
          {...valueProps(field)}
        >
          <Control field={field} disabled={disabled} />
        </Form.Item>
      ))}
    </>
  );
}
