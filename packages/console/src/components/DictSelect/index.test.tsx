import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../locales';
import { type DictItem, useDict } from '../../stores/dict';
import { DictRadio } from './index';

const item = (id: number, value: string, label: string): DictItem => ({
  id,
  dictNo: 1011,
  value,
  label,
  enLabel: label,
  sort: id,
  status: 1,
});

beforeEach(() => {
  useDict.setState({ items: { 1011: [item(1, 'red', '红'), item(2, 'blue', '蓝')] }, pending: {} });
});

describe('DictRadio', () => {
  it('selects an item and deselects it when clicked again (lid colour)', async () => {
    const seen: (string | null)[] = [];
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <DictRadio
          dictNo={1011}
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByText('红'));
    await userEvent.click(screen.getByText('红'));
    await userEvent.click(screen.getByText('蓝'));
    expect(seen).toEqual(['red', null, 'blue']);
  });
});

describe('disabled dictionary items', () => {
  it('are not offered, except the one a record still holds', () => {
    useDict.setState({
      items: {
        1011: [item(1, 'red', '红'), { ...item(2, 'blue', '蓝'), status: 0 }, item(3, 'green', '绿')],
      },
      pending: {},
    });
    const { rerender } = render(<DictRadio dictNo={1011} value={null} />);
    expect(screen.queryByText('蓝')).toBeNull();
    expect(screen.getByText('绿')).toBeDefined();
    rerender(<DictRadio dictNo={1011} value="blue" />);
    expect(screen.getByText('蓝')).toBeDefined();
  });
});
