import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type FormField, formFields, validateFormValues } from '@trialab/api-contract';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import '../../locales';
import { DynamicFields } from './index';

const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh, 'zh-HK': zh });
const fields: FormField[] = formFields.parse([
  { key: 'volume', type: 'number', label: label('体积'), max: 8, precision: 1, sort: 2 },
  {
    key: 'lot',
    type: 'text',
    label: label('批号'),
    pattern: { regex: '^[A-Z]+$', message: label('批号须为大写字母') },
  },
  { key: 'intact', type: 'checkbox', label: label('包装完好'), required: true, sort: 3 },
]);

function renderFields(): { form: () => FormInstance } {
  let instance: FormInstance | undefined;
  function Host() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form}>
        <DynamicFields fields={fields} />
      </Form>
    );
  }
  render(<Host />);
  return { form: () => instance as FormInstance };
}

describe('DynamicFields', () => {
  it('shows the fields by sort and refuses what the shared rules refuse, in the field’s own words', async () => {
    const { form } = renderFields();
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['批号', '体积', '包装完好']);
    fireEvent.change(screen.getByLabelText('批号'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('体积'), { target: { value: '9' } });
    await act(() =>
      form()
        .validateFields()
        .catch(() => undefined),
    );
    expect(await screen.findByText('批号须为大写字母')).toBeTruthy();
    expect(screen.getByText('体积不能大于8')).toBeTruthy();
    expect(screen.getByText('请填写包装完好')).toBeTruthy();
  });

  it('collects values the contract accepts as they are', async () => {
    const { form } = renderFields();
    fireEvent.change(screen.getByLabelText('批号'), { target: { value: 'AB' } });
    fireEvent.change(screen.getByLabelText('体积'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByLabelText('包装完好'));
    await waitFor(() => expect(form().getFieldValue('intact')).toBe(true));
    const values = await form().validateFields();
    expect(values).toEqual({ lot: 'AB', volume: 2.5, intact: true });
    expect(validateFormValues(fields, values)).toEqual([]);
  });
});
