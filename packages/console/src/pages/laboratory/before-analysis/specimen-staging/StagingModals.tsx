import {
  type DataOf,
  STORAGE_CONTAINER_KINDS,
  STORAGE_DEVICE_KINDS,
  STORAGE_LOG_ACTIONS,
  STORAGE_MAX_COLS,
  STORAGE_MAX_ROWS,
  type StorageContainer,
  type StorageDevice,
  type StorageLog,
} from '@trialab/api-contract';
import { Descriptions, Form, Input, InputNumber, Select, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../../components/columns';
import { type DataColumn, DataTable, StaticTable } from '../../../../components/DataTable';
import { FormModal } from '../../../../components/FormModal';
import { dash } from '../../../../components/format';
import { pagedTable, usePaged } from '../../../../components/usePaged';
import { ViewModal } from '../../../../components/ViewModal';
import { useDetail } from '../../../../components/ViewModal/useDetail';
import type { Contract } from '../../../../services/contract';
import { callEndpoint } from '../../../../services/endpoint';
import { REFERENCE_STALE_MS, useEndpointQuery } from '../../../../services/query';
import { StateTag } from '../specimen/parts';
import { containerGrid } from '../specimen/scan';

const useS = () => useTranslation('specimen', { keyPrefix: 'staging' }).t;
const useCommon = () => useTranslation('specimen', { keyPrefix: 'shared' }).t;

type Temperature = DataOf<Contract['sampleTransport']['temperatures']>[number];

function useTemperatures(): Temperature[] {
  const query = useEndpointQuery(
    (c) => c.sampleTransport.temperatures,
    {},
    { staleTime: REFERENCE_STALE_MS },
  );
  return query.data?.data ?? [];
}

type DeviceValues = Omit<
  StorageDevice,
  'id' | 'version' | 'temperatureName' | 'temperatureRange' | 'containers' | 'stored'
>;

/** Add or edit a storage device. */
export function DeviceModal({
  device,
  open,
  onClose,
  onSaved,
}: {
  device: StorageDevice | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const s = useS();
  const common = useCommon();
  const { t } = useTranslation();
  const temperatures = useTemperatures();
  const save = async (v: DeviceValues) => {
    const body = { ...v, location: v.location || null, remark: v.remark || null };
    if (device) {
      await callEndpoint((c) => c.tempStorage.deviceUpdate, {
        body: { ...body, id: device.id, version: device.version },
      });
    } else await callEndpoint((c) => c.tempStorage.deviceCreate, { body });
    onSaved();
  };
  const required = [{ required: true, message: s('required') }];
  return (
    <FormModal<DeviceValues>
      open={open}
      title={s(device ? 'editDevice' : 'addDevice')}
      initialValues={device ?? { enabled: true, kind: 'fridge' }}
      onSave={save}
      onClose={onClose}
      savedMessage={common('saved')}
      okText={t('components.ok')}
    >
      <Form.Item name="code" label={s('code')} rules={required}>
        <Input maxLength={32} data-testid="device-code" />
      </Form.Item>
      <Form.Item name="name" label={s('name')} rules={required}>
        <Input maxLength={64} data-testid="device-name" />
      </Form.Item>
      <Form.Item name="kind" label={s('kind')} rules={required}>
        <Select options={STORAGE_DEVICE_KINDS.map((k) => ({ value: k, label: s(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="temperatureId" label={common('temperature')} rules={required}>
        <Select
          data-testid="device-temperature"
          options={temperatures.map((x) => ({ value: x.id, label: `${x.name} (${x.range})` }))}
        />
      </Form.Item>
      <Form.Item name="location" label={s('location')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="remark" label={s('remark')}>
        <Input.TextArea maxLength={255} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={s('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

type ContainerValues = Pick<
  StorageContainer,
  'code' | 'name' | 'kind' | 'deviceId' | 'rows' | 'cols' | 'enabled'
>;

/** Add or edit a box or rack of a device. */
export function ContainerModal({
  container,
  open,
  devices,
  onClose,
  onSaved,
}: {
  container: StorageContainer | null;
  open: boolean;
  devices: StorageDevice[];
  onClose(): void;
  onSaved(): void;
}) {
  const s = useS();
  const common = useCommon();
  const { t } = useTranslation();
  const save = async (v: ContainerValues) => {
    if (container) {
      await callEndpoint((c) => c.tempStorage.containerUpdate, {
        body: { ...v, id: container.id, version: container.version },
      });
    } else await callEndpoint((c) => c.tempStorage.containerCreate, { body: v });
    onSaved();
  };
  const required = [{ required: true, message: s('required') }];
  return (
    <FormModal<ContainerValues>
      open={open}
      title={s(container ? 'editContainer' : 'addContainer')}
      initialValues={container ?? { enabled: true, kind: 'box', rows: 9, cols: 9 }}
      onSave={save}
      onClose={onClose}
      savedMessage={common('saved')}
      okText={t('components.ok')}
    >
      <Form.Item name="code" label={s('code')} rules={required}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="name" label={s('name')} rules={required}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={s('kind')} rules={required}>
        <Select options={STORAGE_CONTAINER_KINDS.map((k) => ({ value: k, label: s(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="deviceId" label={s('device')} rules={required}>
        <Select options={devices.map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }))} />
      </Form.Item>
      <Form.Item name="rows" label={s('rows')} rules={required}>
        <InputNumber min={1} max={STORAGE_MAX_ROWS} precision={0} />
      </Form.Item>
      <Form.Item name="cols" label={s('cols')} rules={required}>
        <InputNumber min={1} max={STORAGE_MAX_COLS} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={s('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

/** A container's position map (free and taken positions). */
export function ContainerGridModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const s = useS();
  const detail = useDetail(id, (c) => c.tempStorage.containerDetail, onClose);
  const grid = detail ? containerGrid(detail.rows, detail.cols, detail.positions) : [];
  return (
    <ViewModal open={id !== null} title={`${s('grid')} ${detail?.code ?? ''}`} onCancel={onClose} width={760}>
      {detail && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={s('device')}>{detail.deviceName}</Descriptions.Item>
            <Descriptions.Item label={s('capacity')}>{detail.capacity}</Descriptions.Item>
            <Descriptions.Item label={s('used')}>{detail.stored}</Descriptions.Item>
          </Descriptions>
          <table style={{ borderCollapse: 'collapse' }} data-testid="container-grid">
            <tbody>
              {grid.map((row) => (
                <tr key={row[0]?.row}>
                  {row.map((cell) => (
                    <td
                      key={cell.position}
                      data-position={cell.position}
                      style={{
                        border: '1px solid #ccc',
                        width: 56,
                        height: 36,
                        fontSize: 11,
                        textAlign: 'center',
                        background: cell.taken ? '#e6f4ff' : undefined,
                      }}
                    >
                      <Tooltip title={cell.barcode ?? (cell.taken ? s('hiddenSample') : '')}>
                        <div>{cell.position}</div>
                        {cell.taken && <div>{cell.barcode ?? '•'}</div>}
                      </Tooltip>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ViewModal>
  );
}

/** One sample's current place and storage history. */
export function SampleDetailModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const s = useS();
  const common = useCommon();
  const { t } = useTranslation();
  const detail = useDetail(id, (c) => c.tempStorage.sampleDetail, onClose);
  return (
    <ViewModal open={id !== null} title={detail?.code ?? ''} onCancel={onClose} width={800}>
      {detail && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('fields.project')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.sampleType')}>
              {dash(detail.sampleTypeName)}
            </Descriptions.Item>
            <Descriptions.Item label={common('temperature')}>
              {dash(detail.temperatureName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StateTag state={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={s('where')}>
              {detail.location
                ? `${detail.location.deviceName} / ${detail.location.containerCode} / ${detail.location.position}`
                : s('notStored')}
            </Descriptions.Item>
          </Descriptions>
          <LogTable rows={detail.history} />
        </>
      )}
    </ViewModal>
  );
}

function useLogColumns(): DataColumn<StorageLog>[] {
  const s = useS();
  const common = useCommon();
  return [
    col.time('at', s('at')),
    {
      dataIndex: 'action',
      title: s('action'),
      width: 100,
      render: (v: StorageLog['action']) => s(`actions.${v}`),
    },
    col.text('barcode', common('barcode'), 150),
    col.text('containerCode', s('container'), 120),
    col.text('position', common('position'), 70),
    col.text('reason', s('reason')),
    { dataIndex: 'userName', title: s('user'), width: 100 },
  ];
}

function LogTable({ rows }: { rows: StorageLog[] }) {
  return <StaticTable<StorageLog> rowKey="id" columns={useLogColumns()} dataSource={rows} />;
}

/** A device's log, paged, filtered by action. */
export function DeviceLogsModal({ device, onClose }: { device: StorageDevice | null; onClose(): void }) {
  const s = useS();
  const [action, setAction] = useState<StorageLog['action'] | undefined>();
  const logs = usePaged((c) => c.tempStorage.deviceLogs, action ? { action } : {}, {
    params: { id: device?.id ?? 0 },
    enabled: device !== null,
  });
  const columns = useLogColumns();
  return (
    <ViewModal
      open={device !== null}
      title={`${s('logs')} ${device?.name ?? ''}`}
      onCancel={onClose}
      width={900}
    >
      <Select
        allowClear
        style={{ width: 160, marginBottom: 12 }}
        placeholder={s('action')}
        value={action}
        onChange={setAction}
        options={STORAGE_LOG_ACTIONS.map((a) => ({ value: a, label: s(`actions.${a}`) }))}
      />
      <DataTable<StorageLog> rowKey="id" columns={columns} {...pagedTable(logs)} />
    </ViewModal>
  );
}
