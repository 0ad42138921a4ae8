import {
  BOX_KIND_WORDS,
  BOX_MAX_COLS,
  BOX_MAX_ROWS,
  type BoxType,
  cellLabel,
  LIBRARY_PERMISSIONS as P,
} from '@trialab/api-contract';
import { Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { col } from '../../../../components/columns';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import { wordOptions } from '../../../../components/libraryWords';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation } from '../../../../services/query';
import { CodeNameItems, CreateButton, gridText, typeEnabledColumn, useTexts } from '../parts';

interface Filter {
  keyword?: string;
}

interface Values {
  code: string;
  name: string;
  kind: BoxType['kind'];
  rows?: number;
  cols?: number;
  capacity?: number | null;
  labels: BoxType['labels'];
  fillOrder: BoxType['fillOrder'];
}

const invalidates = [(c: Contract) => c.library.boxTypeList];

/** How a grid's positions read: first, second and last label ("A1, A2 … I9"). */
export function labelsExample(grid: {
  rows: number;
  cols: number;
  labels: BoxType['labels'];
  fillOrder: BoxType['fillOrder'];
}) {
  const second =
    grid.fillOrder === 'row'
      ? { row: 1, col: Math.min(2, grid.cols) }
      : { row: Math.min(2, grid.rows), col: 1 };
  return [
    cellLabel(grid, 1, 1),
    cellLabel(grid, second.row, second.col),
    cellLabel(grid, grid.rows, grid.cols),
  ];
}

/**
 * /specimen/container-manage/frozen-box-type-manage: box types: grids with their position labels
 * and fill order, bags and bins with an optional capacity. A box keeps the grid it was made with.
 */
export default function BoxTypePage() {
  const t = useTexts('boxType');
  const f = useTexts('shared');
  const list = useListPage((c) => c.library.boxTypeList, {} as Filter);
  const create = useEndpointMutation((c) => c.library.boxTypeCreate, { invalidates });
  const update = useEndpointMutation((c) => c.library.boxTypeUpdate, { invalidates });
  const [editing, setEditing] = useState<BoxType | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const rows = Form.useWatch('rows', form);
  const cols = Form.useWatch('cols', form);
  const labels = Form.useWatch('labels', form);
  const fillOrder = Form.useWatch('fillOrder', form);
  const isNew = editing === 'new';

  const columns: ListColumn<BoxType>[] = [
    {
      ...col.text<BoxType>('code', f('code'), 130),
      filter: { name: 'keyword', input: <Input allowClear placeholder={f('keywordHint')} /> },
    },
    col.text<BoxType>('name', f('name')),
    col.words<BoxType>('kind', t('kind'), BOX_KIND_WORDS, { width: 100 }),
    {
      dataIndex: 'rows',
      title: t('grid'),
      width: 100,
      render: (_: unknown, r: BoxType) => gridText(r.rows, r.cols),
    },
    {
      dataIndex: 'capacity',
      title: t('capacity'),
      width: 90,
      render: (v: number | null) => v ?? t('noLimit'),
    },
    {
      dataIndex: 'labels',
      title: t('labels'),
      width: 150,
      render: (_: unknown, r: BoxType) =>
        r.rows && r.cols
          ? labelsExample({ rows: r.rows, cols: r.cols, labels: r.labels, fillOrder: r.fillOrder }).join(', ')
          : '-',
    },
    {
      dataIndex: 'fillOrder',
      title: t('fillOrder'),
      width: 110,
      render: (v: BoxType['fillOrder'], r: BoxType) => (r.kind === 'grid' ? t(`order.${v}`) : '-'),
    },
    typeEnabledColumn<BoxType>(P.boxTypeEdit, 'box-type', update),
  ];
  const actions: RowAction<BoxType>[] = [
    {
      label: f('edit'),
      permission: P.boxTypeEdit,
      testId: (r) => `box-type-edit-${r.code}`,
      onClick: setEditing,
    },
  ];
  const save = (v: Values) =>
    editing && editing !== 'new'
      ? update.mutateAsync({
          params: { id: editing.id },
          body: { version: editing.version, name: v.name, enabled: editing.enabled },
        })
      : create.mutateAsync({
          body: {
            ...v,
            rows: v.kind === 'grid' ? v.rows : null,
            cols: v.kind === 'grid' ? v.cols : null,
            capacity: v.kind === 'grid' ? null : (v.capacity ?? null),
          },
        });
  const example =
    kind === 'grid' && rows && cols && labels && fillOrder
      ? labelsExample({ rows, cols, labels, fillOrder })
      : null;

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.frozen-box-type-manage"
      columns={columns}
      toolbar={
        <CreateButton
          permission={P.boxTypeEdit}
          testId="box-type-create"
          label={t('create')}
          onClick={() => setEditing('new')}
        />
      }
      actions={{ width: 90, items: actions }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(isNew ? 'create' : 'edit')}
        name="boxType"
        testId="box-type-form"
        form={form}
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, rows: editing.rows ?? undefined, cols: editing.cols ?? undefined }
            : { kind: 'grid', rows: 9, cols: 9, labels: 'alnum', fillOrder: 'row' }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameItems isNew={isNew} />
        <Form.Item name="kind" label={t('kind')}>
          <Radio.Group options={wordOptions(BOX_KIND_WORDS)} disabled={!isNew} optionType="button" />
        </Form.Item>
        {kind === 'grid' ? (
          <>
            <Space size="middle" align="start">
              <Form.Item name="rows" label={t('rows')} rules={[rules.amount(t('rows'))]}>
                <InputNumber min={1} max={BOX_MAX_ROWS} precision={0} disabled={!isNew} />
              </Form.Item>
              <Form.Item name="cols" label={t('cols')} rules={[rules.amount(t('cols'))]}>
                <InputNumber min={1} max={BOX_MAX_COLS} precision={0} disabled={!isNew} />
              </Form.Item>
            </Space>
            <Space size="middle" align="start">
              <Form.Item name="labels" label={t('labels')}>
                <Select
                  style={{ width: 180 }}
                  disabled={!isNew}
                  options={[
                    { value: 'alnum', label: t('labelsAlnum') },
                    { value: 'numeric', label: t('labelsNumeric') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="fillOrder" label={t('fillOrder')}>
                <Select
                  style={{ width: 160 }}
                  disabled={!isNew}
                  options={[
                    { value: 'row', label: t('order.row') },
                    { value: 'column', label: t('order.column') },
                  ]}
                />
              </Form.Item>
            </Space>
            {example && (
              <Typography.Paragraph type="secondary" data-testid="box-type-example">
                {t('example', { first: example[0], second: example[1], last: example[2] })}
              </Typography.Paragraph>
            )}
          </>
        ) : (
          <Form.Item name="capacity" label={t('capacity')} extra={t('capacityHint')}>
            <InputNumber min={1} max={10000} precision={0} disabled={!isNew} />
          </Form.Item>
        )}
      </FormModal>
    </ListPage>
  );
}
