// Parts the storage management screens share (container-manage): the references their selects
// offer (rooms, units, types, storage conditions) and the restrictions dialog of any level.

import { PlusOutlined } from '@ant-design/icons';
import {
  type DataOf,
  LIBRARY_LEVEL_WORDS,
  RESTRICTION_KIND_WORDS,
  type RestrictionLevel,
  type StorageUnitStatus,
  UNIT_STATUS_LABELS,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, type SelectProps, Typography } from 'antd';
import type { KeyPrefix } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import type { ListColumn } from '../../../components/ListPage';
import { wordLabel } from '../../../components/libraryWords';
import { nameOptions } from '../../../components/localName';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { useSampleTypes } from '../../../components/useSampleTypes';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { REFERENCE_STALE_MS, useEndpointQuery } from '../../../services/query';

/** The namespace's texts under `prefix` (`libraryContainers.<prefix>.…`). */
export const useTexts = <P extends KeyPrefix<'libraryContainers'>>(prefix: P) =>
  useTranslation('libraryContainers', { keyPrefix: prefix }).t;

/** Unit statuses as tag colours: the words are on the tag (never colour alone). */
export const UNIT_STATUS_COLORS: Readonly<Record<StorageUnitStatus, string>> = {
  active: 'success',
  defrosting: 'processing',
  backup: 'default',
  out_of_service: 'error',
};

/** Enough for a lab's rooms, units and types in one select (the lists page the rest). */
const ALL = { page: 1, size: 500 };

export type Condition = DataOf<Contract['libraryContainers']['conditions']>[number];

/** Storage conditions (temperatures for storage) named in the reader's language. */
export function useConditions(): Condition[] {
  return (
    useEndpointQuery((c) => c.libraryContainers.conditions, {}, { staleTime: REFERENCE_STALE_MS }).data
      ?.data ?? []
  );
}

export const conditionOptions = (conditions: Condition[]) =>
  conditions.map((c) => ({ value: c.id, label: `${c.name}（${c.range}）` }));

export function useRooms() {
  return useEndpointQuery((c) => c.library.roomList, { body: ALL }).data?.data ?? [];
}

export function useUnits() {
  return useEndpointQuery((c) => c.library.unitList, { body: ALL }).data?.data ?? [];
}

export function useRackTypes() {
  return useEndpointQuery((c) => c.library.rackTypeList, { body: ALL }).data?.data ?? [];
}

export function useBoxTypes() {
  return useEndpointQuery((c) => c.library.boxTypeList, { body: ALL }).data?.data ?? [];
}

const searchable: SelectProps = { showSearch: true, optionFilterProp: 'label', allowClear: true };

/** A select of records shown as "CODE name". */
export function CodeSelect(
  props: Omit<SelectProps<number>, 'options'> & {
    records: ReadonlyArray<{ id: number; code: string; name?: string; enabled?: boolean }>;
    enabledOnly?: boolean;
  },
) {
  const { records, enabledOnly, ...rest } = props;
  return (
    <Select<number>
      {...searchable}
      style={{ minWidth: 180 }}
      {...rest}
      options={records
        .filter((r) => !enabledOnly || r.enabled !== false)
        .map((r) => ({ value: r.id, label: r.name ? `${r.code} ${r.name}` : r.code }))}
    />
  );
}

/** Codes of rooms, units, types, racks and boxes: the contract's pattern. */
export const CODE_RULE = (message: string) => ({ pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, message });

/** A list's "add" button behind its permission (the toolbar of every storage list). */
export function CreateButton(props: { permission: string; testId: string; label: string; onClick(): void }) {
  return (
    <Permission value={[props.permission]}>
      <Button icon={<PlusOutlined />} onClick={props.onClick} data-testid={props.testId}>
        {props.label}
      </Button>
    </Permission>
  );
}

/** The code (fixed once created) and name of a room, unit or type in its dialog. */
export function CodeNameItems({ isNew }: { isNew: boolean }) {
  const f = useTexts('shared');
  return (
    <>
      <Form.Item name="code" label={f('code')} rules={[rules.required(f('code')), CODE_RULE(f('codeRule'))]}>
        <Input maxLength={32} disabled={!isNew} />
      </Form.Item>
      <Form.Item name="name" label={f('name')} rules={[rules.required(f('name')), rules.max(f('name'), 64)]}>
        <Input maxLength={64} />
      </Form.Item>
    </>
  );
}

/** A rack or box type's enabled switch: saved with its name at the version read. */
export function typeEnabledColumn<R extends { id: number; code: string; name: string; version: number }>(
  permission: string,
  testId: string,
  update: {
    mutateAsync(input: {
      params: { id: number };
      body: { version: number; name: string; enabled: boolean };
    }): Promise<unknown>;
  },
): ListColumn<R> {
  return col.enabled<R>({
    dataIndex: 'enabled' as keyof R & string,
    testId: (r) => `${testId}-status-${r.code}`,
    change: {
      permission,
      name: (r) => r.name,
      onChange: (r, enabled) =>
        update.mutateAsync({ params: { id: r.id }, body: { version: r.version, name: r.name, enabled } }),
    },
  });
}

/** A rack or box grid, "9 × 9". */
export const gridText = (rows: number | null, cols: number | null) =>
  rows && cols ? `${rows} × ${cols}` : '-';

interface RestrictionValues {
  project: number[];
  sampleType: number[];
  temperature: number[];
}

/**
 * The restrictions of one level (room, unit, rack, box): allowed projects, sample types and
 * storage conditions, empty for any. Levels above narrow further (inherited). Narrowing while a
 * stored specimen breaks it is refused by the engine, which names it; the dialog stays open with
 * that message shown.
 */
export function RestrictionsModal({
  target,
  onClose,
}: {
  target: { level: RestrictionLevel; id: number; name: string } | null;
  onClose(): void;
}) {
  const t = useTexts('restrictions');
  const conditions = useConditions();
  const sampleTypes = useSampleTypes();
  const current = useEndpointQuery(
    (c) => c.library.restrictions,
    { body: { level: target?.level ?? 'room', id: target?.id ?? 0 } },
    { enabled: target !== null },
  ).data?.data;
  const save = async (rules: RestrictionValues) => {
    if (!target) return;
    await callEndpoint((c) => c.library.restrict, { body: { level: target.level, id: target.id, rules } });
  };
  const label = (kind: keyof RestrictionValues) => wordLabel(RESTRICTION_KIND_WORDS, kind);
  return (
    <FormModal<RestrictionValues>
      open={target !== null && current !== undefined}
      title={
        target ? t('title', { level: wordLabel(LIBRARY_LEVEL_WORDS, target.level), name: target.name }) : ''
      }
      name="restrictions"
      testId="restrictions-form"
      initialValues={current}
      onSave={save}
      onClose={onClose}
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form.Item name="project" label={label('project')}>
        <ProjectSelect mode="multiple" allowClear placeholder={t('any')} />
      </Form.Item>
      <Form.Item name="sampleType" label={label('sampleType')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t('any')}
          options={nameOptions(sampleTypes)}
        />
      </Form.Item>
      <Form.Item name="temperature" label={label('temperature')}>
        <Select mode="multiple" allowClear placeholder={t('any')} options={conditionOptions(conditions)} />
      </Form.Item>
    </FormModal>
  );
}

/** A rack or box row as the lists show it: its code, its counters and the unit it is in. */
type HeldInUnit = {
  code: string;
  stored: number;
  capacity: number | null;
  unitCode: string;
  unitName: string;
  unitStatus: StorageUnitStatus;
};

/**
 * The rack and box lists' first columns: the code (with the keyword filter), occupancy, the unit
 * (with the unit filter) and the unit's status.
 */
export function inUnitColumns<T extends HeldInUnit>(
  texts: { code: string; keywordHint: string; occupancy: string; unit: string; unitStatus: string },
  units: ReadonlyArray<{ id: number; code: string; name?: string; enabled?: boolean }>,
  widths: { code: number; unit: number },
): ListColumn<T>[] {
  return [
    {
      ...col.text<T>('code', texts.code, widths.code),
      filter: { name: 'keyword', input: <Input allowClear placeholder={texts.keywordHint} /> },
    },
    col.occupancy<T>(texts.occupancy),
    {
      dataIndex: 'unitCode',
      title: texts.unit,
      width: widths.unit,
      render: (_: unknown, r: T) => `${r.unitCode} ${r.unitName}`,
      filter: { name: 'unitId', input: <CodeSelect records={units} /> },
    },
    col.words<T>('unitStatus', texts.unitStatus, UNIT_STATUS_LABELS, {
      width: 100,
      colors: UNIT_STATUS_COLORS,
    }),
  ];
}
