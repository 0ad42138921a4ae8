import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../locales';
import { col } from './columns';
import { nameOf, nameOptions } from './localName';

const serum = { id: 2, name: '血清', enName: 'Serum' };
const menu = { id: 3, name: '样本管理', enName: 'Samples', hkName: '樣本管理' };

afterEach(() => changeLanguage('zh-CN'));

describe('names per language in the console (nameOf, nameOptions, col.localName)', () => {
  it('shows the English name in en-US, the Chinese in zh-CN, the traditional in zh-HK when stored', async () => {
    await changeLanguage('en-US');
    expect([nameOf(serum), nameOf(menu)]).toEqual(['Serum', 'Samples']);
    expect(nameOptions([serum], (r, name) => `${name} (${r.id})`)).toEqual([
      { value: 2, label: 'Serum (2)' },
    ]);
    await changeLanguage('zh-HK');
    expect([nameOf(serum), nameOf(menu)]).toEqual(['血清', '樣本管理']);
    await changeLanguage('zh-CN');
    expect([nameOf(serum), nameOf(menu)]).toEqual(['血清', '样本管理']);
  });

  it('a list column names each row in the user’s language', async () => {
    await changeLanguage('en-US');
    render(
      <Table
        rowKey="id"
        dataSource={[serum]}
        columns={[col.localName<typeof serum>('Name')]}
        pagination={false}
      />,
    );
    expect(await screen.findByText('Serum')).toBeTruthy();
    expect(screen.queryByText('血清')).toBeNull();
  });
});
