import { cellLabel, LIBRARY_PERMISSIONS as P, RACK_MAX } from '@trialab/api-contract';
import { Descriptions, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormPage } from '../../../../components/FormPage';
import { rules } from '../../../../components/formRules';
import { Occupancy } from '../../../../components/Occupancy';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import { CodeSelect, useTexts, useUnits } from '../parts';
import { freeSlots } from './slots';

interface Values {
  boxId: number;
  unitId: number;
  rackId?: number | null;
  slot?: string | null;
  reason: string;
}

/** A rack slot as the lists write it: drawer row as a letter, then the slot ("A3"). */
const slotText = (row: number, col: number) => cellLabel({ cols: RACK_MAX, labels: 'alnum' }, row, col);
const LOOSE = 0;

const invalidates = [
  (c: Contract) => c.libraryContainers.boxList,
  (c: Contract) => c.libraryContainers.rackList,
  (c: Contract) => c.library.unitList,
  (c: Contract) => c.library.unitMap,
  (c: Contract) => c.library.boxDetail,
];

/**
 * /specimen/container-manage/frozen-box-move: one box with its specimens to a free slot of a rack
 * (in this unit or another) or loose into a unit, with a reason. The engine checks every specimen
 * in it against the target (unit status and condition, restrictions) and says which one it refuses.
 * Moves of many boxes or specimens at once are the map's reviewed move.
 */
export default function BoxMovePage() {
  const t = useTexts('move');
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const units = useUnits();
  const asked = Number(params.get('boxId')) || undefined;
  const boxId = Form.useWatch('boxId', form) ?? asked;
  const unitId = Form.useWatch('unitId', form);
  const rackId = Form.useWatch('rackId', form);
  const found =
    useEndpointQuery((c) => c.libraryContainers.boxList, {
      body: { page: 1, size: 20, keyword: keyword || undefined },
    }).data?.data ?? [];
  const box = useEndpointQuery(
    (c) => c.library.boxDetail,
    { params: { id: boxId ?? 0 } },
    { enabled: Boolean(boxId) },
  ).data?.data;
  const map = useEndpointQuery(
    (c) => c.library.unitMap,
    { params: { id: unitId ?? 0 } },
    { enabled: Boolean(unitId) },
  ).data?.data;
  const move = useEndpointMutation((c) => c.library.boxMove, { invalidates });
  const rack = map?.racks.find((r) => r.id === rackId);
  const slots = rack && map ? freeSlots(rack, map.boxes, boxId ?? null) : [];
  const from = box && units.find((u) => u.id === box.unitId);

  const save = (v: Values) => {
    const [row, col] = (v.slot ?? '').split(':').map(Number);
    const inRack = Boolean(v.rackId) && v.rackId !== LOOSE;
    return move.mutateAsync({
      params: { id: v.boxId },
      body: {
        unitId: v.unitId,
        rackId: inRack ? v.rackId : null,
        rackRow: inRack ? row : null,
        rackCol: inRack ? col : null,
        reason: v.reason,
      },
    });
  };
  const boxOptions = [
    ...(box && !found.some((b) => b.id === box.id) ? [{ value: box.id, label: box.code }] : []),
    ...found.map((b) => ({ value: b.id, label: `${b.code} · ${b.unitCode}` })),
  ];

  return (
    <FormPage<Values>
      title={t('title')}
      ready
      form={form}
      name="boxMove"
      recordKey="move"
      initialValues={{ boxId: asked }}
      onSave={save}
      savedMessage={t('moved')}
      back="/specimen/container-manage/frozen-box-manage"
      stay
      savePermission={P.boxMove}
      saveTestId="box-move-save"
      after={null}
    >
      <Form.Item name="boxId" label={t('box')} rules={[rules.chosen(t('box'))]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          options={boxOptions}
          placeholder={t('boxHint')}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      {box && (
        <Descriptions
          size="small"
          column={3}
          bordered
          style={{ marginBottom: 16, maxWidth: 900 }}
          data-testid="box-move-from"
        >
          <Descriptions.Item label={t('from')}>
            {from ? `${from.code} ${from.name}` : '-'}
            {box.rackRow && box.rackCol ? ` · ${slotText(box.rackRow, box.rackCol)}` : ` · ${t('loose')}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('grid')}>
            {box.rows && box.cols ? `${box.rows} × ${box.cols}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('stored')}>
            <Occupancy stored={box.stored} capacity={box.capacity} />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item name="unitId" label={t('toUnit')} rules={[rules.chosen(t('toUnit'))]}>
        <CodeSelect
          records={units}
          style={{ maxWidth: 420 }}
          onChange={() => form.setFieldsValue({ rackId: undefined, slot: undefined })}
        />
      </Form.Item>
      <Form.Item name="rackId" label={t('toRack')} rules={[rules.chosen(t('toRack'))]}>
        <Select
          style={{ maxWidth: 420 }}
          loading={Boolean(unitId) && !map}
          onChange={() => form.setFieldValue('slot', undefined)}
          options={[
            ...(map?.racks ?? []).map((r) => ({ value: r.id, label: r.code })),
            { value: LOOSE, label: t('looseInUnit') },
          ]}
        />
      </Form.Item>
      {rack && (
        <Form.Item
          name="slot"
          label={t('toSlot')}
          rules={[rules.chosen(t('toSlot'))]}
          extra={slots.length === 0 ? t('rackFull') : t('freeSlots', { n: slots.length })}
        >
          <Select
            style={{ maxWidth: 200 }}
            options={slots.map((s) => ({ value: `${s.row}:${s.col}`, label: slotText(s.row, s.col) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[rules.required(t('reason')), rules.max(t('reason'), 255)]}
      >
        <Input.TextArea
          maxLength={255}
          rows={2}
          showCount
          placeholder={t('reasonHint')}
          style={{ maxWidth: 640 }}
        />
      </Form.Item>
    </FormPage>
  );
}
