import { render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import '../../locales';
import { ListField } from './ListField';

type Contact = { name: string; role: string; id: number };

describe('ListField with columns', () => {
  it('labels the columns once in a header row and names each row input by its label and row', async () => {
    render(
      <Form
        initialValues={{
          contacts: [
            { name: 'Li', role: 'PI', id: 7 },
            { name: 'Wu', role: 'CRC', id: 8 },
          ],
        }}
      >
        <ListField<Contact>
          name="contacts"
          testId="contacts"
          addLabel="Add"
          removeLabel="Remove"
          columns={[
            { name: 'id', label: 'id', hidden: true, input: <Input /> },
            { name: 'name', label: 'Name', required: true, input: <Input /> },
            { name: 'role', label: 'Role', width: 120, input: <Input /> },
          ]}
        />
      </Form>,
    );
    // One label per column, above the rows (not a placeholder in each row).
    expect(screen.getAllByText('Name')).toHaveLength(1);
    expect(screen.getAllByText('Role')).toHaveLength(1);
    expect(screen.queryByText('id')).toBeNull();
    expect(((await screen.findByLabelText('Name 2')) as HTMLInputElement).value).toBe('Wu');
    expect((screen.getByLabelText('Role 1') as HTMLInputElement).value).toBe('PI');
    // Header and rows share one grid: the same columns, the controls last.
    const header = screen.getByText('Role').parentElement as HTMLElement;
    const row = screen.getByTestId('contacts-0').firstElementChild as HTMLElement;
    expect(header.style.gridTemplateColumns).toBe('minmax(120px, 1fr) 120px max-content');
    expect(row.style.gridTemplateColumns).toBe(header.style.gridTemplateColumns);
  });
});
