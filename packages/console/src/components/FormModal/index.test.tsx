import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../locales';
import { RequestError } from '../../services/request/types';
import { FormModal } from './index';

interface Values {
  name: string;
}

function Harness({
  onSave,
  initial,
  signature,
}: {
  onSave(values: Values, password?: string): Promise<unknown>;
  initial?: Values;
  signature?: string;
}) {
  const [open, setOpen] = useState(true);
  return (
    <App>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <FormModal<Values>
        open={open}
        title="Edit"
        initialValues={initial}
        onSave={onSave}
        onClose={() => setOpen(false)}
        testId="edit"
        {...(signature ? { signature } : {})}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'name needed' }]}>
          <Input data-testid="name" />
        </Form.Item>
      </FormModal>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
    </App>
  );
}

describe('FormModal', () => {
  it('opens on the initial values, saves what was typed and closes', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<Harness onSave={onSave} initial={{ name: 'Ann' }} />);
    expect(screen.getByTestId('name')).toHaveProperty('value', 'Ann');
    await userEvent.clear(screen.getByTestId('name'));
    await userEvent.type(screen.getByTestId('name'), 'Bob');
    await userEvent.click(screen.getByTestId('edit-ok'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(onSave).toHaveBeenCalledWith({ name: 'Bob' });
  });

  it('does not save an invalid form', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<Harness onSave={onSave} />);
    await userEvent.click(screen.getByTestId('edit-ok'));
    expect(await screen.findByText('name needed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('state').textContent).toBe('open');
  });

  it('stays open with what was typed when the save is refused', async () => {
    const onSave = vi.fn(async () => {
      throw new RequestError('refused', 'business', 400, 400);
    });
    render(<Harness onSave={onSave} />);
    await userEvent.type(screen.getByTestId('name'), 'Eve');
    await userEvent.click(screen.getByTestId('edit-ok'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('edit-ok').className).not.toContain('loading'));
    expect(screen.getByTestId('state').textContent).toBe('open');
    expect(screen.getByTestId('name')).toHaveProperty('value', 'Eve');
  });

  it('opens empty again after a save of a new record', async () => {
    render(<Harness onSave={async () => undefined} />);
    await userEvent.type(screen.getByTestId('name'), 'Zed');
    await userEvent.click(screen.getByTestId('edit-ok'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    await userEvent.click(screen.getByText('reopen'));
    await waitFor(() => expect(screen.getByTestId('name')).toHaveProperty('value', ''));
  });

  it('with a signature, asks for the password once the form is valid and saves with it', async () => {
    let refuse = true;
    const onSave = vi.fn(async () => {
      if (refuse) throw new RequestError('wrong password', 'business', 400, 400);
    });
    render(<Harness onSave={onSave} signature="Confirmed: the amounts are fixed" />);
    await userEvent.type(screen.getByTestId('name'), 'Kim');
    await userEvent.click(screen.getByTestId('edit-ok'));
    // The meaning first, nothing saved before the password.
    expect(await screen.findByText('Confirmed: the amounts are fixed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('signature-password'), 'secret');
    await userEvent.click(screen.getByTestId('signature-ok'));
    // Refused: both dialogs stay, the password too.
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Kim' }, 'secret'));
    await waitFor(() => expect(screen.getByTestId('signature-ok').className).not.toContain('loading'));
    expect(screen.getByTestId('signature-password')).toHaveProperty('value', 'secret');
    expect(screen.getByTestId('state').textContent).toBe('open');
    refuse = false;
    await userEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
