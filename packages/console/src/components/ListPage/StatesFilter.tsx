import { Form, Select } from 'antd';
import type { ReactNode } from 'react';

export interface StatesFilterProps<S extends string> {
  /** Form field name, `status` by default. */
  name?: string;
  label: ReactNode;
  /** The workflow's states (from the contract), in their order. */
  states: readonly S[];
  /** The state's text (usually its locale key). */
  labelOf(state: S): string;
}

/** Filter field choosing any number of a workflow's states. */
export function StatesFilter<S extends string>({
  name = 'status',
  label,
  states,
  labelOf,
}: StatesFilterProps<S>) {
  return (
    <Form.Item name={name} label={label}>
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 160 }}
        options={states.map((state) => ({ value: state, label: labelOf(state) }))}
      />
    </Form.Item>
  );
}
