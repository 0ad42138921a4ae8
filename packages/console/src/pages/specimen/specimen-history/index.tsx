import { type AwaitingSpecimen, LIBRARY_PERMISSIONS } from '@trialab/api-contract';
import { Button, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { formatTimeAs } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage, useRowSelection } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { SpecimenTimelineDrawer, TimelineButton } from '../../../components/RecordTimeline';
import { callEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';
import { specimenColumns } from '../specimenColumns';
import { Allocation } from './Allocation';
import { ScanImport } from './ScanImport';

interface Filter {
  keyword?: string;
  projectId?: number;
}
interface PlaceValues {
  barcode: string;
  boxCode: string;
  position: string;
}

/**
 * /specimen/specimen-history: specimens signed for at the bench and out of temporary storage that are
 * not in the library yet. Select some and allocate positions (held 5 minutes, then placed), place one
 * by scanning it, its box and the cell, or import a rack scanner's file into a box.
 */
export default function SpecimenHistoryPage() {
  const { t } = useTranslation('librarySamples');
  const list = useListPage((c) => c.librarySamples.awaiting, {} as Filter);
  const chosen = useRowSelection<AwaitingSpecimen>();
  const [allocating, setAllocating] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [timeline, setTimeline] = useState<string | null>(null);
  const codes = chosen.rows.map((r) => r.code);

  const place = async ({ barcode, boxCode, position }: PlaceValues) => {
    const box = (await callEndpoint((c) => c.librarySamples.boxByCode, { body: { code: boxCode } })).data;
    const answer = await callEndpoint((c) => c.library.place, {
      body: { items: [{ barcode, boxId: box.id, position }] },
    });
    const [placed] = answer.data.placed;
    if (placed)
      feedback.success(
        t('awaiting.placed', { code: placed.code, box: placed.box, position: placed.position }),
      );
    await list.reload();
  };
  const done = async () => {
    chosen.clear();
    await list.reload();
  };

  const columns: DataColumn<AwaitingSpecimen>[] = [
    ...specimenColumns<AwaitingSpecimen>(t),
    col.text('signedByName', t('awaiting.signedBy'), 100),
    col.time('signedAt', t('awaiting.signedAt')),
    {
      title: '',
      dataIndex: 'reservedUntil',
      width: 190,
      render: (until: string | null) =>
        until ? (
          <Tag color="gold">{t('awaiting.reserved', { time: formatTimeAs(until, 'short') })}</Tag>
        ) : null,
    },
  ];

  return (
    <ListPage<AwaitingSpecimen, Filter>
      list={list}
      rowKey="id"
      code="specimen.specimen-history"
      columns={columns}
      selection={chosen.selection}
      actions={{ width: 90, render: (row) => <TimelineButton onClick={() => setTimeline(row.code)} /> }}
      filters={
        <>
          <Form.Item name="keyword" label={t('shared.keyword')}>
            <Input
              allowClear
              maxLength={64}
              placeholder={t('shared.keywordHint')}
              data-testid="awaiting-keyword"
            />
          </Form.Item>
          <Form.Item name="projectId" label={t('shared.project')}>
            <ProjectSelect allowClear style={{ width: 200 }} />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[LIBRARY_PERMISSIONS.place]}>
          <Space>
            <Button
              type="primary"
              disabled={codes.length === 0}
              onClick={() => setAllocating(true)}
              data-testid="awaiting-allocate"
            >
              {t('awaiting.allocate', { count: codes.length })}
            </Button>
            <Button onClick={() => setPlacing(true)} data-testid="awaiting-place">
              {t('awaiting.place')}
            </Button>
            <Button onClick={() => setImporting(true)} data-testid="awaiting-import">
              {t('awaiting.import')}
            </Button>
          </Space>
        </Permission>
      }
    >
      {allocating && <Allocation codes={codes} onClose={() => setAllocating(false)} onPlaced={done} />}
      {importing && <ScanImport onClose={() => setImporting(false)} onSaved={done} />}
      <SpecimenTimelineDrawer code={timeline} onClose={() => setTimeline(null)} />
      <FormModal<PlaceValues>
        open={placing}
        title={t('awaiting.placeTitle')}
        onSave={place}
        savedMessage={false}
        onClose={() => setPlacing(false)}
        testId="place-form"
        name="place"
      >
        <Form.Item name="barcode" label={t('shared.barcode')} rules={[rules.required(t('shared.barcode'))]}>
          <Input maxLength={32} autoFocus />
        </Form.Item>
        <Form.Item name="boxCode" label={t('shared.box')} rules={[rules.required(t('shared.box'))]}>
          <Input maxLength={64} placeholder={t('shared.boxScan')} />
        </Form.Item>
        <Form.Item
          name="position"
          label={t('shared.position')}
          rules={[rules.required(t('shared.position'))]}
        >
          <Input maxLength={8} placeholder="A1" />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
