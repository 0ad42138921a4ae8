import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Popconfirm,
  Popover,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
} from 'antd';

const COLUMNS = [{ dataIndex: 'a', title: 'a', width: 100 }];
const ROWS = [{ key: 1, a: 1 }];
const OPTIONS = [{ value: 1, label: 'a' }];

/**
 * antd computes a component's styles when an instance first renders (cssinjs: generate the CSS,
 * hash it, insert a `<style>`) and keeps them while one instance stays mounted. The shell mounts
 * this tree once the browser is idle, in a portal to an element outside the document (no layout, no
 * accessibility tree, no test locator finds it): the antd parts of the page kit (router/pageKit.ts),
 * in the variants pages use, so that a page's first render finds their styles computed. Issue 25:
 * without the idle preload (Save-Data) most of the first menu click went to the page's first render,
 * much of it antd computing and inserting these styles.
 */
export default function KitWarmup() {
  return (
    <>
      <Card size="small">
        <Form layout="inline">
          <Form.Item label="a" name="a">
            <Input allowClear />
          </Form.Item>
          <Form.Item label="b" name="b">
            <Select allowClear options={OPTIONS} />
          </Form.Item>
          <Form.Item label="c" name="c">
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary">a</Button>
            <Button>b</Button>
          </Space>
        </Form>
      </Card>
      <Table
        size="middle"
        columns={COLUMNS}
        dataSource={ROWS}
        scroll={{ x: 'max-content' }}
        rowSelection={{ type: 'checkbox' }}
        pagination={{ total: 20, showSizeChanger: true }}
      />
      <Table size="small" columns={COLUMNS} dataSource={[]} pagination={false} />
      <Popover content="a">
        <Button type="link" size="small">
          a
        </Button>
      </Popover>
      <Popconfirm title="a">
        <Switch size="small" />
      </Popconfirm>
      <Checkbox />
      <Tag color="success">a</Tag>
      <Spin />
      <Empty />
    </>
  );
}
