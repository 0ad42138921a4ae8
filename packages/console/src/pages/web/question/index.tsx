import { clarificationQueryWorkflow, type DataOf, QUERY_STATES } from '@trialab/api-contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { DictText } from '../../../components/DictSelect';
import { dash } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { stateText } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';

type QueryRow = DataOf<Contract['clarification']['paging']>[number];
type State = (typeof QUERY_STATES)[number];

/** /web/question: clarification queries of my sites, open first. */
export default function QuestionPage() {
  const { t } = useTranslation();
  const { t: q } = useTranslation('portal', { keyPrefix: 'question' });
  const navigate = useNavigate();
  const list = useListPage((c) => c.clarification.paging, {} as { keyword?: string; status?: State[] }, {
    url: { status: 'many' },
  });

  const columns: DataColumn<QueryRow>[] = [
    {
      dataIndex: 'queryNo',
      title: q('queryNo'),
      width: 170,
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/web/question-details?id=${row.id}`)}
          data-testid={`query-${row.subjectNo}`}
        >
          {v}
        </Button>
      ),
    },
    col.projectNo(),
    col.site(),
    { dataIndex: 'subjectNo', title: q('subjectNo'), width: 120 },
    { dataIndex: 'visit', title: q('visit'), width: 100, render: dash },
    {
      dataIndex: 'queryType',
      title: q('queryType'),
      width: 130,
      render: (v: string) => <DictText dictNo={1020} value={v} />,
    },
    { dataIndex: 'content', title: q('content'), width: 280 },
    col.status(clarificationQueryWorkflow, 100),
    { dataIndex: 'raisedByName', title: q('raisedBy'), width: 100 },
    col.time('raisedAt', q('raisedAt')),
    { dataIndex: 'replyCount', title: q('replyCount'), width: 80 },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="web.question"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={q('keywordHint')} />
          </Form.Item>
          <StatesFilter
            label={t('fields.status')}
            states={QUERY_STATES}
            labelOf={(s) => stateText(clarificationQueryWorkflow, s)}
          />
        </>
      }
    />
  );
}
