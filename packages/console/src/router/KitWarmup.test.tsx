import { render } from '@testing-library/react';
import { Button, Form, Input, Select, Switch, Table, Tag } from 'antd';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import KitWarmup from './KitWarmup';

/** The antd style elements in the document, by their content. */
const antdStyles = () =>
  [...document.head.querySelectorAll('style')]
    .map((style) => style.textContent ?? '')
    .filter((css) => css.includes('.ant-'));

/** What a list page renders: filters, a paged table with a switch and a tag, buttons. */
function ListLike() {
  return (
    <>
      <Form layout="inline">
        <Form.Item label="k" name="k">
          <Input allowClear />
        </Form.Item>
        <Form.Item label="s" name="s">
          <Select allowClear options={[{ value: 1, label: 'x' }]} />
        </Form.Item>
        <Button type="primary">q</Button>
      </Form>
      <Table
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'code', title: 'code' },
          { dataIndex: 'on', title: 'on', render: (on: boolean) => <Switch size="small" checked={on} /> },
          { dataIndex: 'tag', title: 'tag', render: () => <Tag color="success">t</Tag> },
        ]}
        dataSource={[{ key: 1, code: 'a', on: true }]}
        pagination={{ total: 30, showSizeChanger: true }}
      />
    </>
  );
}

describe('KitWarmup', () => {
  it('computes the styles of a list page ahead: rendered off the document, the page then inserts none', () => {
    const host = document.createElement('div');
    render(createPortal(<KitWarmup />, host));
    expect(host.isConnected).toBe(false);
    expect(host.querySelector('.ant-table')).not.toBeNull();
    const warmed = antdStyles().length;
    expect(warmed).toBeGreaterThan(5);

    const page = render(<ListLike />);
    expect(page.container.querySelector('.ant-table-row')).not.toBeNull();
    expect(antdStyles().length).toBe(warmed);
  });
});
