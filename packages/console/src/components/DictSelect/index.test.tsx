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
