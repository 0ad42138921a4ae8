import { type DataOf, PROJECT_FILE_PERMISSIONS } from '@trialab/api-contract';
import { Card, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';

type Receiver = DataOf<Contract['project']['pageReceiver']>[number];
type ResearchUser = DataOf<Contract['project']['pageResearchUser']>[number];
type ExternalUser = DataOf<Contract['project']['externalUsers']>[number];
type Filter = { keyword?: string };

const P = PROJECT_FILE_PERMISSIONS;

function KeywordFilter() {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'users' });
  return (
    <Form.Item name="keyword" label={t('keyword')}>
      <Input allowClear maxLength={64} />
    </Form.Item>
  );
}

/** Site number and name of a row, or "all sites" for a grant of the whole project. */
const siteOf = (row: { centerNo: string | null; siteName: string | null }, whole: string) =>
  row.centerNo ? `${row.centerNo} ${row.siteName ?? ''}`.trim() : whole;

/** An account's state: 1 enabled, 0 disabled. */
const statusColumn = <T extends { status: number }>(
  enabled: string,
  disabled: string,
  title: string,
): DataColumn<T> => ({
  dataIndex: 'status',
  title,
  width: 80,
  render: (v: number) => (v === 1 ? enabled : disabled),
});

function Receivers({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'users' });
  const { t: tr } = useTranslation();
  const list = useListPage((c) => c.project.pageReceiver, {} as Filter, {
    toBody: (f: Filter) => ({ ...f, projectId }),
  });
  const columns: DataColumn<Receiver>[] = [
    { dataIndex: 'centerNo', title: tr('fields.site'), width: 180, render: (_, r) => siteOf(r, '-') },
    col.text('name', t('name'), 100),
    col.text('phone', t('phone'), 130),
    col.text('company', t('company'), 160),
    { dataIndex: 'detail', title: t('address'), render: (_, r) => `${r.area} ${r.detail}` },
    col.text('orders', t('orders'), 80),
    col.time('lastOrderAt', t('lastOrderAt')),
  ];
  return (
    <ListPage
      list={list}
      rowKey={(r) => `${r.siteId}-${r.name}-${r.phone}`}
      columns={columns}
      filters={<KeywordFilter />}
    />
  );
}

function ResearchUsers({ projectId, projectNo }: { projectId: number; projectNo: string }) {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'users' });
  const { t: x } = useTranslation('projectRecord', { keyPrefix: 'imports' });
  const { t: tr } = useTranslation();
  const list = useListPage((c) => c.project.pageResearchUser, {} as Filter, {
    toBody: (f: Filter) => ({ ...f, projectId }),
  });
  const columns: DataColumn<ResearchUser>[] = [
    col.text('jobNumber', t('jobNumber'), 100),
    col.text('username', t('name'), 120),
    col.text('mobile', t('mobile'), 130),
    col.text('email', t('email')),
    col.text('deptName', t('dept'), 140),
    statusColumn(t('enabled'), t('disabled'), tr('fields.status')),
    col.time('grantedAt', t('grantedAt')),
  ];
  return (
    <ListPage
      list={list}
      rowKey="userId"
      columns={columns}
      filters={<KeywordFilter />}
      toolbar={
        <ExportButton
          endpoint={(c) => c.project.researchUserExport}
          input={{ params: { projectId } }}
          fileName={`${projectNo}-research-users.xlsx`}
          permission={[P.export]}
          data-testid="project-research-users-export"
        >
          {x('export')}
        </ExportButton>
      }
    />
  );
}

function ExternalUsers({ projectId, projectNo }: { projectId: number; projectNo: string }) {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'users' });
  const { t: x } = useTranslation('projectRecord', { keyPrefix: 'imports' });
  const { t: tr } = useTranslation();
  const list = useListPage((c) => c.project.externalUsers, {} as Filter, {
    toBody: (f: Filter) => ({ ...f, projectId }),
  });
  const columns: DataColumn<ExternalUser>[] = [
    {
      dataIndex: 'centerNo',
      title: tr('fields.site'),
      width: 180,
      render: (_, r) => siteOf(r, t('wholeProject')),
    },
    col.text('username', t('name'), 120),
    col.text('mobile', t('mobile'), 130),
    col.text('email', t('email')),
    statusColumn(t('enabled'), t('disabled'), tr('fields.status')),
    col.time('grantedAt', t('grantedAt')),
  ];
  return (
    <ListPage
      list={list}
      rowKey={(r) => `${r.userId}-${r.siteId ?? 0}`}
      columns={columns}
      filters={<KeywordFilter />}
      toolbar={
        <ExportButton
          endpoint={(c) => c.project.externalUserExport}
          input={{ body: { projectId, keyword: list.filter.keyword } }}
          fileName={`${projectNo}-external-users.xlsx`}
          permission={[P.export]}
          data-testid="project-external-users-export"
        >
          {x('export')}
        </ExportButton>
      }
    />
  );
}

/**
 * The people of a saved record, in tabs: who receives its kits (from the consumable orders), the
 * staff granted it, and the external accounts granted it or its sites.
 */
export function RecordUsers({ projectId, projectNo }: { projectId: number; projectNo: string }) {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'users' });
  return (
    <Card title={t('title')} style={{ marginTop: 16 }} data-testid="project-record-users">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'receivers', label: t('receivers'), children: <Receivers projectId={projectId} /> },
          {
            key: 'research',
            label: t('research'),
            children: <ResearchUsers projectId={projectId} projectNo={projectNo} />,
          },
          {
            key: 'external',
            label: t('external'),
            children: <ExternalUsers projectId={projectId} projectNo={projectNo} />,
          },
        ]}
      />
    </Card>
  );
}
