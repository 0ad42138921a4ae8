import { cellLabel, type BoxGrid as Grid, type StorageBoxRow } from '@trialab/api-contract';
import { Alert, Form, Input, InputNumber, type InputRef, Modal, Radio, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/FormModal';
import { runAction } from '../../../../components/FormModal/useAction';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import { cellKey, dropTargets, type GridCell } from './grid';

/**
 * Placement by scanning: the chosen free position waits for a barcode (a scanner types it and
 * presses Enter); once placed, the next free position in the box's fill order waits, until closed.
 */
export function PlaceModal({
  box,
  grid,
  cell,
  taken,
  onPlaced,
  onClose,
}: {
  box: { id: number; code: string };
  grid: Grid;
  cell: GridCell;
  taken: ReadonlySet<string>;
  onPlaced(next: GridCell | null): void;
  onClose(): void;
}) {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'map' });
  const [barcode, setBarcode] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<InputRef>(null);
  const position = cellLabel(grid, cell.row, cell.col);
  const place = async () => {
    const code = barcode.trim();
    if (!code || busy) return;
    setBusy(true);
    const ok = await runAction(
      () =>
        callEndpoint((c) => c.library.place, {
          body: { items: [{ barcode: code, boxId: box.id, position }] },
        }),
      t('placed', { code, box: box.code, position }),
    );
    setBusy(false);
    field.current?.focus();
    if (!ok) return;
    setBarcode('');
    const next = dropTargets(grid, new Set([...taken, cellKey(cell)]), 1)?.[0] ?? null;
    if (!next) feedback.warning(t('boxFull'));
    onPlaced(next);
  };
  return (
    <Modal
      open
      title={t('placeTitle', { box: box.code, position })}
      onCancel={onClose}
      // The dialog takes the focus when it opens; the scan field must have it for the scanner.
      afterOpenChange={(open) => {
        if (open) field.current?.focus();
      }}
      okText={t('close')}
      onOk={onClose}
      okButtonProps={{ 'data-testid': 'map-place-close' } as never}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Form layout="vertical" name="place">
        <Form.Item label={t('placeLabel')} htmlFor="place_barcode" extra={t('placeScan')}>
          <Input
            id="place_barcode"
            data-testid="map-place-barcode"
            ref={field}
            autoFocus
            value={barcode}
            aria-busy={busy}
            onChange={(e) => setBarcode(e.target.value)}
            onPressEnter={() => void place()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface MovingCell {
  barcode: string;
  position: string;
}

/**
 * Moving selected specimens to another box: they land in its free positions in fill order (the
 * order they had); the lines and a reason make one move request, reviewed before it is carried out.
 */
export function MoveModal({
  sourceBoxId,
  cells,
  targetBoxId,
  boxes,
  onClose,
  onDone,
}: {
  sourceBoxId: number;
  cells: MovingCell[];
  targetBoxId: number | null;
  boxes: StorageBoxRow[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'move' });
  const [target, setTarget] = useState<number | null>(targetBoxId);
  const [lines, setLines] = useState<Array<{ barcode: string; from: string; to: string }> | null>(null);
  useEffect(() => {
    setLines(null);
    if (target === null) return;
    let live = true;
    void callEndpoint((c) => c.library.boxDetail, { params: { id: target } }).then(({ data }) => {
      if (!live) return;
      const grid: Grid = {
        rows: data.rows ?? 0,
        cols: data.cols ?? 0,
        labels: data.labels,
        fillOrder: data.fillOrder,
      };
      const leaving = new Set(target === sourceBoxId ? cells.map((c) => c.position) : []);
      const taken = new Set(
        data.cells.filter((c) => c.row !== null && !leaving.has(c.position)).map((c) => `${c.row}:${c.col}`),
      );
      const to = dropTargets(grid, taken, cells.length);
      setLines(
        to
          ? cells.map((c, i) => ({
              barcode: c.barcode,
              from: c.position,
              to: cellLabel(grid, to[i]?.row ?? 1, to[i]?.col ?? 1),
            }))
          : [],
      );
    });
    return () => {
      live = false;
    };
  }, [target, cells, sourceBoxId]);
  const targetBox = boxes.find((b) => b.id === target);
  return (
    <FormModal<{ reason: string; boxId: number }>
      open
      name="move"
      initialValues={{ boxId: targetBoxId ?? undefined }}
      testId="map-move-form"
      title={t('title')}
      savedMessage={false}
      onClose={onClose}
      onSave={async ({ reason }) => {
        if (!target || !lines || lines.length === 0) return;
        const { data } = await callEndpoint((c) => c.libraryMoves.create, {
          body: {
            reason,
            specimens: lines.map((l) => ({ barcode: l.barcode, boxId: target, position: l.to })),
            boxes: [],
          },
        });
        feedback.success(t('submitted', { number: data.number }));
        onDone();
      }}
    >
      <Form.Item
        name="boxId"
        label={t('targetBox')}
        rules={[
          { required: true },
          {
            validator: () =>
              lines === null || lines.length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('noRoom', { count: cells.length }))),
          },
        ]}
      >
        <Select
          data-testid="map-move-target"
          onChange={(v: number) => setTarget(v)}
          options={boxes.map((b) => ({ value: b.id, label: `${b.code} (${b.stored}/${b.capacity ?? '-'})` }))}
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      {lines && lines.length === 0 && (
        <Alert type="error" showIcon message={t('noRoom', { count: cells.length })} />
      )}
      {lines && lines.length > 0 && (
        <Form.Item label={t('lines', { count: lines.length })}>
          <ul
            style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflowY: 'auto' }}
            data-testid="map-move-lines"
          >
            {lines.map((l) => (
              <li key={l.barcode}>{`${l.barcode}: ${l.from} → ${targetBox?.code ?? ''} ${l.to}`}</li>
            ))}
          </ul>
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
      >
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}

export interface BoxMoveTarget {
  boxId: number;
  unitId: number;
  rackId: number | null;
  rackRow: number | null;
  rackCol: number | null;
}

/**
 * Moving a box to a rack slot: as a move request (reviewed, then carried out) or, for a single box
 * with a reason, directly through the box-move endpoint.
 */
export function BoxMoveModal({
  target,
  box,
  racks,
  onClose,
  onDone,
}: {
  target: BoxMoveTarget;
  box: StorageBoxRow | undefined;
  racks: Array<{ id: number; code: string; rows: number; cols: number }>;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'move' });
  type Values = {
    rackId: number;
    rackRow: number;
    rackCol: number;
    mode: 'reviewed' | 'direct';
    reason: string;
  };
  return (
    <FormModal<Values>
      open
      name="boxMove"
      testId="map-box-move-form"
      title={t('boxTitle', { box: box?.code ?? '' })}
      savedMessage={false}
      initialValues={{
        rackId: target.rackId ?? undefined,
        rackRow: target.rackRow ?? undefined,
        rackCol: target.rackCol ?? undefined,
        mode: 'reviewed',
      }}
      onClose={onClose}
      onSave={async (v) => {
        const slot = { unitId: target.unitId, rackId: v.rackId, rackRow: v.rackRow, rackCol: v.rackCol };
        if (v.mode === 'direct') {
          await callEndpoint((c) => c.library.boxMove, {
            params: { id: target.boxId },
            body: { ...slot, reason: v.reason },
          });
          feedback.success(t('moved'));
        } else {
          const { data } = await callEndpoint((c) => c.libraryMoves.create, {
            body: { reason: v.reason, specimens: [], boxes: [{ boxId: target.boxId, ...slot }] },
          });
          feedback.success(t('submitted', { number: data.number }));
        }
        onDone();
      }}
    >
      <Form.Item name="rackId" label={t('targetRack')} rules={[{ required: true }]}>
        <Select options={racks.map((r) => ({ value: r.id, label: r.code }))} />
      </Form.Item>
      <Form.Item label={t('targetSlot')} required style={{ marginBottom: 0 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="rackRow" rules={[{ required: true }]}>
            <InputNumber min={1} max={20} aria-label={`${t('targetSlot')} row`} />
          </Form.Item>
          <Form.Item name="rackCol" rules={[{ required: true }]}>
            <InputNumber min={1} max={20} aria-label={`${t('targetSlot')} column`} />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="mode" label={t('mode')}>
        <Radio.Group
          options={[
            { value: 'reviewed', label: t('reviewed') },
            { value: 'direct', label: t('direct') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
      >
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
