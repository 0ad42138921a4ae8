import {
  type BoxGrid as Grid,
  LIBRARY_PERMISSIONS,
  MOVE_REQUEST_PERMISSIONS,
  parseCell,
  type StorageBoxRow,
} from '@trialab/api-contract';
import { Button, Card, Descriptions, Empty, Radio, Space, Typography, theme } from 'antd';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../access/useAccess';
import { dash } from '../../../../components/format';
import { HoldTags, useSpecimenHolds } from '../../../../components/LibraryHolds';
import {
  BoxTimelineDrawer,
  SpecimenTimelineDrawer,
  TimelineButton,
} from '../../../../components/RecordTimeline';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { feedback } from '../../../../utils/feedback';
import { BoxGrid, type CellLook, type MapCell, PATTERNS } from './BoxGrid';
import {
  bandSelect,
  cellKey,
  clickSelect,
  EMPTY_SELECTION,
  type GridCell,
  heatLevel,
  inFillOrder,
  percent,
  SCAN_IDLE,
  type Selection,
  scanKey,
} from './grid';
import { BoxMoveModal, type BoxMoveTarget, MoveModal, type MovingCell, PlaceModal } from './modals';

type ColourBy = 'project' | 'sampleType' | 'status';

/** Fills readable with black text in both themes; a mark (letter or number) always goes with them. */
const PALETTE = ['#8ecae6', '#ffb703', '#90be6d', '#f4a3a8', '#cdb4db', '#ffd6a5', '#a0c4ff', '#caffbf'];
const HEAT = ['transparent', '#d8f3dc', '#95d5b2', '#f9c74f', '#f4845f'];
const STATUS_FILL = { stored: '#90be6d', reserved: '#ffd6a5', blocked: '#adb5bd' };

const gridOf = (box: StorageBoxRow): Grid => ({
  rows: box.rows ?? 0,
  cols: box.cols ?? 0,
  labels: box.labels,
  fillOrder: box.fillOrder,
});

/** Utilisation as a heat chip: colour and the percentage in words. */
function Heat({ stored, capacity, testId }: { stored: number; capacity: number; testId?: string }) {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'map' });
  const { token } = theme.useToken();
  const level = heatLevel(stored, capacity);
  return (
    <span
      data-testid={testId}
      style={{
        display: 'inline-block',
        padding: '0 6px',
        borderRadius: 4,
        fontSize: 12,
        background: HEAT[level],
        color: level === 0 ? token.colorText : '#000',
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {t('utilisation', { percent: percent(stored, capacity), stored, capacity })}
    </span>
  );
}

type Drag = { kind: 'cells'; boxId: number } | { kind: 'box'; boxId: number } | null;

/**
 * /specimen/container-manage/specimen-library-map: room -> unit -> rack -> box -> positions, with
 * utilisation heat from the counters, positions coloured by project, sample type or status (with a
 * mark and a pattern, never colour alone), placement by scanning into a free position, a scanned
 * barcode anywhere opening its position, and moves by selection and drag (one reviewed move).
 */
export default function LibraryMapPage() {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'map' });
  const { token } = theme.useToken();
  const { can } = useAccess();
  const [unitId, setUnitId] = useState<number | null>(null);
  const [boxId, setBoxId] = useState<number | null>(null);
  const [colourBy, setColourBy] = useState<ColourBy>('project');
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [timeline, setTimeline] = useState<{ code?: string; box?: { id: number; code: string } } | null>(
    null,
  );
  const [focus, setFocus] = useState<GridCell>({ row: 1, col: 1 });
  const [shown, setShown] = useState<MapCell | null>(null);
  const [placing, setPlacing] = useState<GridCell | null>(null);
  const [moving, setMoving] = useState<{ cells: MovingCell[]; targetBoxId: number | null } | null>(null);
  const [boxMove, setBoxMove] = useState<BoxMoveTarget | null>(null);
  const [pendingPosition, setPendingPosition] = useState<string | null>(null);
  const band = useRef<{ start: MapCell; base: ReadonlySet<string>; moved: boolean } | null>(null);
  const drag = useRef<Drag>(null);
  // While a dialog is open the keyboard is the dialog's (its own scan field).
  const dialogOpen = useRef(false);
  dialogOpen.current = placing !== null || moving !== null || boxMove !== null;

  const rooms = useEndpointQuery((c) => c.library.roomList, { body: { page: 1, size: 100 } });
  const units = useEndpointQuery((c) => c.library.unitList, { body: { page: 1, size: 200 } });
  const map = useEndpointQuery(
    (c) => c.library.unitMap,
    { params: { id: unitId ?? 0 } },
    { enabled: unitId !== null },
  );
  const detail = useEndpointQuery(
    (c) => c.library.boxDetail,
    { params: { id: boxId ?? 0 } },
    { enabled: boxId !== null },
  );
  const box = boxId !== null ? detail.data?.data : undefined;
  const unitMap = unitId !== null ? map.data?.data : undefined;
  const grid = box && box.kind === 'grid' ? gridOf(box) : null;

  const cells: MapCell[] = useMemo(
    () =>
      (box?.cells ?? []).flatMap((c) =>
        c.row === null || c.col === null ? [] : [{ ...c, row: c.row, col: c.col, state: c.state }],
      ),
    [box],
  );
  const byKey = useMemo(() => new Map(cells.map((c) => [cellKey(c), c])), [cells]);
  // The flags covering the box's specimens (legal hold, consent withdrawn), shown in the details.
  const holds = useSpecimenHolds(cells.flatMap((c) => (c.specimenId === null ? [] : [c.specimenId])));
  const { t: th } = useTranslation('libraryHolds');
  const selectable = (c: GridCell) => {
    const cell = byKey.get(cellKey(c));
    return cell?.state === 'stored' && cell.specimenId !== null;
  };

  // Legend entries of the colour mode: each value its fill and its mark.
  const legend = useMemo(() => {
    const values = new Map<string, { label: string; fill: string; mark: string }>();
    const stored = cells.filter((c) => c.state === 'stored' && c.specimenId !== null);
    for (const c of stored) {
      const id = colourBy === 'project' ? c.projectId : colourBy === 'sampleType' ? c.sampleTypeId : 0;
      const key = String(id);
      if (colourBy === 'status' || values.has(key)) continue;
      const i = values.size;
      values.set(key, {
        label: (colourBy === 'project' ? c.projectNo : c.sampleTypeName) ?? t('other'),
        fill: PALETTE[i % PALETTE.length] ?? '#ccc',
        mark: colourBy === 'project' ? String.fromCharCode(65 + (i % 26)) : String(i + 1),
      });
    }
    return values;
  }, [cells, colourBy, t]);
  const look = (cell: MapCell): CellLook => {
    if (cell.state === 'free') return { fill: 'transparent', mark: '' };
    if (cell.state === 'blocked') return { fill: STATUS_FILL.blocked, mark: 'X', pattern: 'cross' };
    if (cell.state === 'reserved') return { fill: STATUS_FILL.reserved, mark: 'R', pattern: 'stripes' };
    if (cell.specimenId === null) return { fill: STATUS_FILL.blocked, mark: '?', pattern: 'stripes' };
    if (colourBy === 'status') return { fill: STATUS_FILL.stored, mark: 'S' };
    const id = colourBy === 'project' ? cell.projectId : cell.sampleTypeId;
    const entry = legend.get(String(id));
    return { fill: entry?.fill ?? '#ccc', mark: entry?.mark ?? '' };
  };

  // A located barcode's cell is focused and selected once its box is on screen.
  useEffect(() => {
    if (!pendingPosition || !box || !grid) return;
    const cell = parseCell(grid, pendingPosition);
    setPendingPosition(null);
    if (!cell) return;
    setFocus(cell);
    setSelection({ keys: new Set([cellKey(cell)]), anchor: cell });
    const found = byKey.get(cellKey(cell));
    if (found) setShown(found);
  }, [pendingPosition, box, grid, byKey]);

  const openBox = (id: number) => {
    setBoxId(id);
    setSelection(EMPTY_SELECTION);
    setShown(null);
    setFocus({ row: 1, col: 1 });
  };

  // A barcode scanned anywhere on the page (not into a field) opens its position.
  useEffect(() => {
    let state = SCAN_IDLE;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (
        dialogOpen.current ||
        target?.closest('input, textarea, select, [contenteditable="true"], .ant-modal')
      )
        return;
      const next = scanKey(state, event.key, event.timeStamp || performance.now());
      state = next.state;
      if (!next.scanned) return;
      event.preventDefault();
      const code = next.scanned;
      void callEndpoint((c) => c.library.specimenPosition, { body: { barcode: code } })
        .then(({ data }) => {
          if (data.unitId === null || data.boxId === null) {
            feedback.warning(t('notStored', { code }));
            return;
          }
          setUnitId(data.unitId);
          openBox(data.boxId);
          setPendingPosition(data.position);
          feedback.success(t('located', { code, box: data.box, position: data.position ?? '' }));
        })
        .catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [t]);

  useEffect(() => {
    const up = () => {
      band.current = null;
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const canPlace = can(LIBRARY_PERMISSIONS.place);
  const canMove = can(MOVE_REQUEST_PERMISSIONS.move);
  const reload = () => {
    void detail.refetch();
    void map.refetch();
    void units.refetch();
    void rooms.refetch();
  };
  const movingCells = (): MovingCell[] =>
    grid
      ? inFillOrder(grid, selection.keys).flatMap((c) => {
          const cell = byKey.get(cellKey(c));
          return cell?.barcode ? [{ barcode: cell.barcode, position: cell.position }] : [];
        })
      : [];

  const activate = (cell: MapCell, mods: { shift: boolean; ctrl: boolean }) => {
    setShown(cell);
    if (cell.state === 'free' && !mods.shift && !mods.ctrl) {
      if (canPlace) setPlacing(cell);
      setSelection(EMPTY_SELECTION);
      return;
    }
    if (grid) setSelection((s) => clickSelect(s, cell, mods, grid, selectable));
  };

  const allowDrop = (event: DragEvent, kind: 'cells' | 'box') => {
    if (drag.current?.kind === kind) event.preventDefault();
  };

  const rackSlots = (
    rack: { id: number; rows: number; cols: number; code: string },
    boxes: StorageBoxRow[],
  ) => {
    const slots = [];
    for (let row = 1; row <= rack.rows; row += 1)
      for (let col = 1; col <= rack.cols; col += 1) {
        const b = boxes.find((x) => x.rackId === rack.id && x.rackRow === row && x.rackCol === col);
        if (b)
          slots.push(
            <button
              key={`${row}-${col}`}
              type="button"
              draggable={canMove}
              data-testid={`map-box-${b.code}`}
              aria-pressed={b.id === boxId}
              onClick={() => openBox(b.id)}
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', b.code);
                drag.current = { kind: 'box', boxId: b.id };
              }}
              onDragEnd={() => {
                drag.current = null;
              }}
              onDragOver={(e) => allowDrop(e, 'cells')}
              onDrop={(e) => {
                e.preventDefault();
                if (drag.current?.kind === 'cells') setMoving({ cells: movingCells(), targetBoxId: b.id });
                drag.current = null;
              }}
              style={{
                minWidth: 72,
                padding: '4px 6px',
                borderRadius: 6,
                cursor: 'pointer',
                textAlign: 'left',
                color: heatLevel(b.stored, b.capacity ?? 0) === 0 ? token.colorText : '#000',
                background: HEAT[heatLevel(b.stored, b.capacity ?? 0)],
                border: b.id === boxId ? `3px solid ${token.colorPrimary}` : `1px solid ${token.colorBorder}`,
              }}
            >
              <div style={{ fontSize: 12, fontWeight: 600 }}>{b.code.replace(`${rack.code}-`, '')}</div>
              <div
                style={{ fontSize: 11 }}
              >{`${percent(b.stored, b.capacity ?? 0)}% · ${b.stored}/${b.capacity ?? '-'}`}</div>
            </button>,
          );
        else
          slots.push(
            <div
              key={`${row}-${col}`}
              role="note"
              data-testid={`map-slot-${rack.code}-${row}-${col}`}
              aria-label={t('emptySlot', { row, col })}
              onDragOver={(e) => allowDrop(e, 'box')}
              onDrop={(e) => {
                e.preventDefault();
                const moved = drag.current;
                drag.current = null;
                if (moved?.kind === 'box' && unitId !== null)
                  setBoxMove({ boxId: moved.boxId, unitId, rackId: rack.id, rackRow: row, rackCol: col });
              }}
              style={{
                minWidth: 72,
                minHeight: 44,
                borderRadius: 6,
                border: `1px dashed ${token.colorBorder}`,
                color: token.colorTextSecondary,
                fontSize: 11,
                padding: 4,
              }}
            >
              {`${row}-${col}`}
            </div>,
          );
      }
    return (
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${rack.cols}, auto)`, gap: 6 }}>
        {slots}
      </div>
    );
  };

  const roomRows = rooms.data?.data ?? [];
  const unitRows = units.data?.data ?? [];
  const boxesOfUnit = unitMap?.boxes ?? [];
  const rackStored = (rackId: number) =>
    boxesOfUnit.filter((b) => b.rackId === rackId).reduce((n, b) => n + b.stored, 0);
  const rackCapacity = (rackId: number) =>
    boxesOfUnit.filter((b) => b.rackId === rackId).reduce((n, b) => n + (b.capacity ?? 0), 0);

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }} data-testid="library-map">
      <Card size="small" title={t('rooms')} style={{ width: 260, flex: 'none' }}>
        {roomRows.length === 0 && <Empty description={t('noRooms')} />}
        {roomRows.map((room) => (
          <div key={room.id} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{`${room.code} ${room.name}`}</Typography.Text>
            <div>
              <Heat stored={room.stored} capacity={room.capacity} />
            </div>
            <ul style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
              {unitRows
                .filter((u) => u.roomId === room.id)
                .map((u) => (
                  <li key={u.id} style={{ marginBottom: 4 }}>
                    <Button
                      type={u.id === unitId ? 'primary' : 'default'}
                      size="small"
                      block
                      data-testid={`map-unit-${u.code}`}
                      aria-pressed={u.id === unitId}
                      onClick={() => {
                        setUnitId(u.id);
                        setBoxId(null);
                        setSelection(EMPTY_SELECTION);
                      }}
                      style={{ textAlign: 'left', height: 'auto', whiteSpace: 'normal' }}
                    >
                      <div>{`${u.code} ${u.name}`}</div>
                    </Button>
                    <Heat stored={u.stored} capacity={u.capacity} testId={`map-unit-heat-${u.code}`} />
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </Card>

      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Typography.Text type="secondary">{`${t('scanHint')} ${t('dragHint')}`}</Typography.Text>
        {!unitMap && <Empty description={t('selectUnit')} />}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
          {unitMap && (
            <Card
              size="small"
              title={`${unitMap.unit.code} ${unitMap.unit.name}`}
              style={{ flex: '0 1 auto' }}
            >
              <Space wrap align="start" size={16}>
                {unitMap.racks.map((rack) => (
                  <div key={rack.id} data-testid={`map-rack-${rack.code}`}>
                    <Typography.Text
                      strong
                    >{`${rack.code} · ${t('rackSlot', { slot: rack.slot })}`}</Typography.Text>{' '}
                    <Heat stored={rackStored(rack.id)} capacity={rackCapacity(rack.id)} />
                    <div style={{ marginTop: 6 }}>{rackSlots(rack, boxesOfUnit)}</div>
                  </div>
                ))}
                {boxesOfUnit.some((b) => b.rackId === null) && (
                  <div>
                    <Typography.Text strong>{t('loose')}</Typography.Text>
                    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', marginTop: 6 }}>
                      {boxesOfUnit
                        .filter((b) => b.rackId === null)
                        .map((b) => (
                          <Button
                            key={b.id}
                            size="small"
                            data-testid={`map-box-${b.code}`}
                            onClick={() => openBox(b.id)}
                          >
                            {`${b.code} ${percent(b.stored, b.capacity ?? 0)}%`}
                          </Button>
                        ))}
                    </div>
                  </div>
                )}
              </Space>
            </Card>
          )}
          {unitMap && !box && <Typography.Text type="secondary">{t('selectBox')}</Typography.Text>}
          {box && (
            <Card
              style={{ flex: '1 1 420px' }}
              size="small"
              title={
                <Space wrap>
                  <span>{box.code}</span>
                  <Heat stored={box.stored} capacity={box.capacity ?? 0} />
                </Space>
              }
              extra={
                <Space wrap>
                  <Typography.Text id="map-colour-by">{t('colourBy')}</Typography.Text>
                  <Radio.Group
                    aria-labelledby="map-colour-by"
                    size="small"
                    value={colourBy}
                    onChange={(e) => setColourBy(e.target.value)}
                    options={[
                      { value: 'project', label: t('byProject') },
                      { value: 'sampleType', label: t('bySampleType') },
                      { value: 'status', label: t('byStatus') },
                    ]}
                    optionType="button"
                  />
                </Space>
              }
            >
              <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                {grid && (
                  <BoxGrid
                    code={box.code}
                    grid={grid}
                    cells={cells}
                    look={look}
                    selected={selection.keys}
                    focus={focus}
                    onFocus={setFocus}
                    onShow={setShown}
                    onCellClick={(cell, mods) => {
                      if (band.current?.moved) {
                        band.current = null;
                        return;
                      }
                      activate(cell, mods);
                    }}
                    onCellKey={(cell, key, shift) =>
                      key === 'Enter'
                        ? activate(cell, { shift, ctrl: false })
                        : activate(cell, { shift, ctrl: !shift })
                    }
                    onBandStart={(cell, ctrl) => {
                      band.current = { start: cell, base: ctrl ? selection.keys : new Set(), moved: false };
                    }}
                    onBandOver={(cell) => {
                      const b = band.current;
                      if (!b || cellKey(b.start) === cellKey(cell)) return;
                      b.moved = true;
                      setSelection(bandSelect(b.start, cell, selectable, b.base));
                    }}
                    onDragStart={() => {
                      if (boxId !== null) drag.current = { kind: 'cells', boxId };
                    }}
                  />
                )}
                <div style={{ minWidth: 260, flex: 1 }}>
                  <Descriptions size="small" column={1} bordered title={t('position')}>
                    <Descriptions.Item label={t('position')}>
                      {shown ? `${box.code} ${shown.position}` : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('barcode')}>
                      <span data-testid="map-shown-barcode">{dash(shown?.barcode ?? null)}</span>
                      {shown?.barcode && (
                        <TimelineButton
                          testId="map-specimen-timeline"
                          onClick={() => setTimeline({ code: shown.barcode as string })}
                        />
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('project')}>
                      {dash(shown?.projectNo ?? null)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('subject')}>
                      {dash(shown?.subjectNo ?? null)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('sampleType')}>
                      {dash(shown?.sampleTypeName ?? null)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('visit')}>{dash(shown?.visit ?? null)}</Descriptions.Item>
                    {shown?.reason && (
                      <Descriptions.Item label={t('reason')}>{shown.reason}</Descriptions.Item>
                    )}
                    {shown?.specimenId != null && holds.has(shown.specimenId) && (
                      <Descriptions.Item label={th('holds')}>
                        <HoldTags holds={holds.get(shown.specimenId)} />
                      </Descriptions.Item>
                    )}
                  </Descriptions>
                  <Typography.Title level={5} style={{ marginTop: 12 }}>
                    {t('legend')}
                  </Typography.Title>
                  <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="map-legend">
                    {[...legend.values()].map((v) => (
                      <LegendItem key={v.mark} fill={v.fill} mark={v.mark} label={v.label} />
                    ))}
                    {colourBy === 'status' && (
                      <LegendItem fill={STATUS_FILL.stored} mark="S" label={t('stored')} />
                    )}
                    <LegendItem
                      fill={STATUS_FILL.reserved}
                      mark="R"
                      label={t('reserved')}
                      pattern="stripes"
                    />
                    <LegendItem fill={STATUS_FILL.blocked} mark="X" label={t('blocked')} pattern="cross" />
                    <LegendItem fill="transparent" mark="" label={t('free')} />
                  </ul>
                  <Space wrap style={{ marginTop: 12 }}>
                    <Typography.Text data-testid="map-selected">
                      {t('selected', { count: selection.keys.size })}
                    </Typography.Text>
                    <Button
                      size="small"
                      onClick={() => setSelection(EMPTY_SELECTION)}
                      disabled={selection.keys.size === 0}
                    >
                      {t('clear')}
                    </Button>
                    {canMove && (
                      <Button
                        size="small"
                        data-testid="map-move-selected"
                        disabled={selection.keys.size === 0}
                        onClick={() => setMoving({ cells: movingCells(), targetBoxId: null })}
                      >
                        {t('moveSelected')}
                      </Button>
                    )}
                    <TimelineButton
                      testId="map-box-timeline"
                      onClick={() => setTimeline({ box: { id: box.id, code: box.code } })}
                    />
                    {canMove && unitId !== null && (
                      <Button
                        size="small"
                        data-testid="map-move-box"
                        onClick={() =>
                          setBoxMove({ boxId: box.id, unitId, rackId: null, rackRow: null, rackCol: null })
                        }
                      >
                        {t('moveBox')}
                      </Button>
                    )}
                  </Space>
                </div>
              </div>
            </Card>
          )}
        </div>
      </div>

      <SpecimenTimelineDrawer code={timeline?.code ?? null} onClose={() => setTimeline(null)} />
      <BoxTimelineDrawer box={timeline?.box ?? null} onClose={() => setTimeline(null)} />
      {box && grid && placing && (
        <PlaceModal
          box={box}
          grid={grid}
          cell={placing}
          taken={new Set(cells.map(cellKey))}
          onPlaced={(next) => {
            reload();
            setPlacing(next);
            if (next) setFocus(next);
          }}
          onClose={() => setPlacing(null)}
        />
      )}
      {moving && box && unitMap && (
        <MoveModal
          sourceBoxId={box.id}
          cells={moving.cells}
          targetBoxId={moving.targetBoxId}
          boxes={unitMap.boxes.filter((b) => b.kind === 'grid')}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            setSelection(EMPTY_SELECTION);
          }}
        />
      )}
      {boxMove && unitMap && (
        <BoxMoveModal
          target={boxMove}
          box={unitMap.boxes.find((b) => b.id === boxMove.boxId)}
          racks={unitMap.racks}
          onClose={() => setBoxMove(null)}
          onDone={() => {
            setBoxMove(null);
            reload();
          }}
        />
      )}
    </div>
  );
}

function LegendItem({
  fill,
  mark,
  label,
  pattern,
}: {
  fill: string;
  mark: string;
  label: string;
  pattern?: 'stripes' | 'cross';
}) {
  const { token } = theme.useToken();
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
      <span
        aria-hidden
        style={{
          width: 22,
          height: 22,
          borderRadius: 4,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 11,
          fontWeight: 700,
          color: fill === 'transparent' ? token.colorText : '#000',
          backgroundColor: fill,
          backgroundImage: pattern ? PATTERNS[pattern] : undefined,
          border: `1px ${fill === 'transparent' ? 'dashed' : 'solid'} ${token.colorBorder}`,
        }}
      >
        {mark}
      </span>
      <span>{mark ? `${mark} = ${label}` : label}</span>
    </li>
  );
}
