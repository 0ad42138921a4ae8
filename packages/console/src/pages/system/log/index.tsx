import { type DataOf, LOGIN_FAILURE_REASONS } from '@trialab/api-contract';
import { DatePicker, Form, Input, Select, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ListPage, useListPage } from '../../../components/ListPage';
import { type DayRange, toTimeRange } from '../../../components/timeRange';
import type { Contract } from '../../../services/contract';
import { summariseUserAgent } from './userAgent';

type LoginLogRow = DataOf<Contract['user']['loginLogPage']>[number];
type Reason = (typeof LOGIN_FAILURE_REASONS)[number];
const METHODS = ['password', 'sms', 'email', 'wechat'] as const;
type Method = (typeof METHODS)[number];

interface Filter {
  account?: string;
  success?: boolean;
  ip?: string;
  method?: string;
  startTime?: string;
  endTime?: string;
}
type Values = Omit<Filter, 'startTime' | 'endTime'> & { dates?: DayRange };

const isMethod = (v: string): v is Method => (METHODS as readonly string[]).includes(v);
const isReason = (v: string | null): v is Reason =>
  (LOGIN_FAILURE_REASONS as readonly (string | null)[]).includes(v);

/** /system/log: every login attempt, newest first: who, from where, how, and why it failed. */
export default function LoginLogPage() {
  const { t: l } = useTranslation('system', { keyPrefix: 'loginLog' });
  const { t: c } = useTranslation('system', { keyPrefix: 'shared' });
  const list = useListPage((e) => e.user.loginLogPage, {} as Filter);

  const columns: DataColumn<LoginLogRow>[] = [
    col.time('createdAt', l('time')),
    { dataIndex: 'account', title: l('account'), width: 180 },
    col.text('ip', l('ip'), 130),
    {
      dataIndex: 'userAgent',
      title: l('client'),
      width: 200,
      render: (ua: string | null) => {
        const { browser, os } = summariseUserAgent(ua);
        const text = [browser, os].filter(Boolean).join(' · ') || l('unknownClient');
        return ua ? <Tooltip title={ua}>{text}</Tooltip> : text;
      },
    },
    {
      dataIndex: 'method',
      title: l('method'),
      width: 120,
      render: (m: string) => (isMethod(m) ? l(`methods.${m}`) : m),
    },
    {
      dataIndex: 'success',
      title: l('result'),
      width: 200,
      render: (ok: boolean, row) => (
        <span data-testid="login-log-result">
          <Tag color={ok ? 'green' : 'red'}>{ok ? l('success') : l('failure')}</Tag>
          {!ok && (isReason(row.reason) ? l(`reasons.${row.reason}`) : row.message)}
        </span>
      ),
    },
    {
      dataIndex: 'failCount',
      title: <Tooltip title={l('failCountHint')}>{l('failCount')}</Tooltip>,
      width: 100,
      render: (n: number | null) => n ?? '-',
    },
  ];

  return (
    <ListPage<LoginLogRow, Values>
      list={list}
      rowKey="id"
      code="system.log"
      columns={columns}
      onSearch={({ dates, ...values }) => list.search({ ...values, ...toTimeRange(dates) })}
      filters={
        <>
          <Form.Item name="account">
            <Input allowClear maxLength={64} placeholder={l('accountHint')} data-testid="login-log-account" />
          </Form.Item>
          <Form.Item name="success" label={l('result')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: true, label: l('success') },
                { value: false, label: l('failure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="method" label={l('method')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={METHODS.map((m) => ({ value: m, label: l(`methods.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="ip">
            <Input allowClear maxLength={64} placeholder={l('ipHint')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="dates" label={c('timeRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
    />
  );
}
