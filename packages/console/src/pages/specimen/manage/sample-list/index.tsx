import {
  LIBRARY_BATCH_EDIT_PERMISSIONS,
  LIBRARY_HOLD_PERMISSIONS,
  LIBRARY_PERMISSIONS,
  LIBRARY_STATE_WORDS,
  LIBRARY_STATES,
  type LibrarySample,
  type LibraryState,
  libraryWord,
} from '@trialab/api-contract';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import {
  HoldDialog,
  HoldsButton,
  HoldTags,
  type HoldTarget,
  useSpecimenHolds,
} from '../../../../components/LibraryHolds';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { nameOptions } from '../../../../components/localName';
import { ProjectSelect } from '../../../../components/ProjectSelect';
import { SpecimenTimelineDrawer, TimelineButton } from '../../../../components/RecordTimeline';
import { useSampleTypes } from '../../../../components/useSampleTypes';
import { specimenColumns } from '../../specimenColumns';
import { BATCH_EDIT_PATH, batchEditState } from '../batch-edit-sample/target';

interface Filter {
  code?: string;
  parentCode?: string;
  subjectNo?: string;
  projectId?: number;
  visit?: string;
  sampleTypeId?: number;
  library?: LibraryState[];
  boxCode?: string;
  signedFrom?: string;
  signedTo?: string;
}
type FormValues = Omit<Filter, 'signedFrom' | 'signedTo'> & { signed?: [Dayjs, Dayjs] | null };

const STATE_COLOURS: Record<LibraryState, string> = {
  none: 'default',
  stored: 'green',
  out: 'gold',
  destroyed: 'red',
};

/**
 * /specimen/manage/sample-list: received specimens searched by their indexed fields (a barcode is a
 * prefix), newest first, with where each is stored; columns chosen in the table's settings; xlsx of
 * the filtered rows. The total counts to 10,000 (the server never counts the whole table).
 */
export default function SampleListPage() {
  const { t, i18n } = useTranslation('librarySamples');
  const list = useListPage((c) => c.librarySamples.list, {} as Filter);
  const sampleTypes = useSampleTypes();
  const state = (v: LibraryState) => libraryWord(LIBRARY_STATE_WORDS, v, i18n.language);
  const { t: th } = useTranslation('libraryHolds');
  const holds = useSpecimenHolds(list.rows.map((r) => r.id));
  const { hasAny } = useAccess();
  const mayHold = hasAny([LIBRARY_HOLD_PERMISSIONS.set]);
  const mayEdit = hasAny([LIBRARY_BATCH_EDIT_PERMISSIONS.edit]);
  const { t: tb } = useTranslation('libraryBatchEdit');
  const navigate = useNavigate();
  // The selection across pages: id → barcode of every row ticked.
  const [selected, setSelected] = useState<Map<Key, string>>(new Map());
  const [holding, setHolding] = useState<HoldTarget | null>(null);
  const [timeline, setTimeline] = useState<string | null>(null);

  const [barcode, ...described] = specimenColumns<LibrarySample>(t);
  const columns: DataColumn<LibrarySample>[] = [
    ...(barcode ? [barcode] : []),
    // Legal hold and consent withdrawal, next to the barcode: what keeps a specimen where it is.
    {
      title: th('holds'),
      dataIndex: 'id',
      width: 200,
      render: (id: number) => <HoldTags holds={holds.get(id)} />,
    },
    ...described,
    {
      title: t('list.library'),
      dataIndex: 'library',
      width: 110,
      render: (v: LibraryState) => <Tag color={STATE_COLOURS[v]}>{state(v)}</Tag>,
    },
    col.text('unitName', t('list.unit'), 180),
    col.text('box', t('shared.box'), 140),
    col.text('position', t('shared.position'), 70),
    col.text('freezeThaw', t('list.freezeThaw'), 90),
    col.text('remark', t('list.remark'), 200),
    col.time('signedAt', t('awaiting.signedAt')),
  ];

  return (
    <ListPage<LibrarySample, Filter>
      list={list}
      rowKey="id"
      code="specimen.sample-list"
      columns={columns}
      selection={
        mayHold || mayEdit
          ? {
              mode: 'multiple',
              keys: [...selected.keys()],
              onChange: (keys) =>
                setSelected(
                  new Map(
                    keys.map((k) => [k, selected.get(k) ?? list.rows.find((r) => r.id === k)?.code ?? '']),
                  ),
                ),
            }
          : undefined
      }
      actions={{
        width: 280,
        items: [
          {
            label: th('set'),
            permission: LIBRARY_HOLD_PERMISSIONS.set,
            hidden: (r) => r.library === 'destroyed',
            testId: (r) => `hold-set-${r.code}`,
            onClick: (r) => setHolding({ barcodes: [r.code] }),
          },
        ],
        render: (row) => (
          <TimelineButton onClick={() => setTimeline(row.code)} testId={`sample-timeline-${row.code}`} />
        ),
      }}
      onSearch={(values) => {
        const { signed, ...rest } = values as FormValues;
        list.search({
          ...rest,
          ...(signed?.[0] && signed[1]
            ? { signedFrom: signed[0].format('YYYY-MM-DD'), signedTo: signed[1].format('YYYY-MM-DD') }
            : {}),
        });
      }}
      filters={
        <>
          <Form.Item name="code" label={t('shared.barcode')}>
            <Input allowClear maxLength={32} placeholder={t('list.codeHint')} data-testid="samples-code" />
          </Form.Item>
          <Form.Item name="parentCode" label={t('list.parentCode')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="subjectNo" label={t('shared.subject')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="projectId" label={t('shared.project')}>
            <ProjectSelect allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="visit" label={t('shared.visit')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="sampleTypeId" label={t('shared.sampleType')}>
            <Select allowClear style={{ width: 140 }} options={nameOptions(sampleTypes)} />
          </Form.Item>
          <Form.Item name="library" label={t('list.library')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 160 }}
              options={LIBRARY_STATES.map((v) => ({ value: v, label: state(v) }))}
              data-testid="samples-library"
            />
          </Form.Item>
          <Form.Item name="boxCode" label={t('shared.box')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="signed" label={t('awaiting.signedAt')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          {mayHold && (
            <Button
              disabled={selected.size === 0}
              onClick={() => setHolding({ barcodes: [...selected.values()] })}
              data-testid="hold-set-selected"
            >
              {th('setSelected', { count: selected.size })}
            </Button>
          )}
          <HoldsButton />
          {mayEdit && (
            <Button
              onClick={() =>
                navigate(BATCH_EDIT_PATH, {
                  state: batchEditState(
                    selected.size > 0 ? { barcodes: [...selected.values()] } : { filter: list.filter },
                  ),
                })
              }
              data-testid="batch-edit-open"
            >
              {selected.size > 0 ? tb('openSelected', { count: selected.size }) : tb('openFiltered')}
            </Button>
          )}
          <ExportButton
            endpoint={(api) => api.librarySamples.export}
            input={{ body: list.filter }}
            fileName={`${t('list.exportName')}.xlsx`}
            permission={[LIBRARY_PERMISSIONS.listExport]}
            data-testid="samples-export"
          >
            {t('list.export')}
          </ExportButton>
        </>
      }
    >
      <HoldDialog
        target={holding}
        onClose={() => {
          setHolding(null);
          setSelected(new Map());
        }}
      />
      <SpecimenTimelineDrawer code={timeline} onClose={() => setTimeline(null)} />
    </ListPage>
  );
}
