// The customer picker marketing and finance share (the customers the user sees: sales their own,
// finance every one).
import { Select, type SelectProps } from 'antd';
import { useEndpointQuery } from '../../services/query';

/** The customers the user sees (their own; finance every one). */
export function useCustomers() {
  return useEndpointQuery((c) => c.customer.options, {}).data?.data ?? [];
}

export function CustomerSelect(props: Omit<SelectProps<number>, 'options'>) {
  const customers = useCustomers();
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      {...props}
      options={customers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
    />
  );
}
