import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePermission } from '../../stores/permission';
import { FormPage, type FormPageProps, type SaveCheck } from './index';

type Values = { name: string };

afterEach(() => usePermission.setState({ permissions: [], roles: [] }));

function Page(props: Partial<FormPageProps<Values>>) {
  const [form] = Form.useForm<Values>();
  return (
    <FormPage<Values>
      title="Thing"
      ready
      form={form}
      name="thing"
      recordKey="new"
      back="/things"
      savedMessage="Saved it"
      saveTestId="save"
      onSave={async () => undefined}
      {...props}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </FormPage>
  );
}

function renderPage(props: Partial<FormPageProps<Values>>) {
  render(
    <MemoryRouter initialEntries={['/things/edit']}>
      <App>
        <Routes>
          <Route path="/things/edit" element={<Page {...props} />} />
          <Route path="/things" element={<div>the list</div>} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

const typeAndSave = (value: string) => {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value } });
  fireEvent.click(screen.getByTestId('save'));
};

describe('FormPage', () => {
  it('saves and goes back to the list by default', async () => {
    const onSave = vi.fn(async () => 7);
    const onSaved = vi.fn();
    renderPage({ onSave, onSaved });
    typeAndSave('Box');
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith({ name: 'Box' }, undefined);
    expect(onSaved).toHaveBeenCalledWith(7);
  });

  it('stays on the page after saving when told to, keeping what was saved and handing on the answer', async () => {
    const onSaved = vi.fn();
    renderPage({ onSave: async () => 9, onSaved, stay: true });
    typeAndSave('Box');
    expect(await screen.findByText('Saved it')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith(9);
    expect(screen.queryByText('the list')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Box');
  });

  it('does not save what the check refuses, and shows the refusal', async () => {
    const onSave = vi.fn(async () => undefined);
    const check = vi.fn(
      (values: Values): SaveCheck => (values.name === 'bad' ? { refuse: '不能叫 bad' } : undefined),
    );
    renderPage({ onSave, check });
    typeAndSave('bad');
    expect(await screen.findByText('不能叫 bad')).toBeTruthy();
    expect(check).toHaveBeenCalledWith({ name: 'bad' });
    expect(onSave).not.toHaveBeenCalled();
    typeAndSave('good');
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith({ name: 'good' }, undefined);
  });

  it('asks the confirmation the check answers: cancel keeps the form, OK saves', async () => {
    const onSave = vi.fn(async () => undefined);
    renderPage({ onSave, check: async () => ({ confirm: '确定要覆盖吗？' }) });
    typeAndSave('Box');
    expect(await screen.findByText('确定要覆盖吗？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1) as HTMLElement);
    // Cancelled: still on the form (a save would have gone back to the list) and it can be saved again.
    await waitFor(() => expect(screen.getByTestId('save').className).not.toContain('loading'));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(screen.getAllByText('确定要覆盖吗？')).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ name: 'Box' }, undefined);
  });

  it('shows the save button only to a holder of savePermission', async () => {
    renderPage({ savePermission: 'thing:edit' });
    expect(screen.queryByTestId('save')).toBeNull();
    usePermission.setState({ permissions: ['thing:edit'], roles: [] });
    expect(await screen.findByTestId('save')).toBeTruthy();
  });
});
