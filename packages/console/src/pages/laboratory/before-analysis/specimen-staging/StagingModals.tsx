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
import { Descriptions, Form, Input, InputNumber, Modal, Select, Switch, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/DataTable';
import { dash, formatTime } from '../../../../components/format';
import { usePaged } from '../../../../components/usePaged';
import { ViewModal } from '../../../../components/ViewModal';
import type { Contract } from '../../../../services/contract';
import { callEndpoint } from '../../../../services/endpoint';
import { specimenApi } from '../../../../services/specimen';
import { feedback } from '../../../../utils/feedback';
import { StateTag } from '../specimen/parts';
import { containerGrid } from '../specimen/scan';

const useS = () => {
  const { t } = useTranslation();
  return (key: string, options?: Record<string, unknown>) => t(`specimen.staging.${key}`, options);
};

type Temperature = DataOf<Contract['sampleTransport']['temperatures']>[number];

function useTemperatures(): Temperature[] {
  const [list, setList] = useState<Temperature[]>([]);
  useEffect(() => {
    let live = true;
    callEndpoint((c) => c.sampleTransport.temperatures)
      .then((r) => live && setList(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
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
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceValues>();
  const temperatures = useTemperatures();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (device) form.setFieldsValue(device);
    else form.setFieldsValue({ enabled: true, kind: 'fridge' });
  }, [open, device, form]);
  const save = async (v: DeviceValues) => {
    const body = { ...v, location: v.location || null, remark: v.remark || null };
    try {
      if (device) await specimenApi.deviceUpdate({ ...body, id: device.id, version: device.version });
      else await specimenApi.deviceCreate(body);
      feedback.success(t('specimen.common.saved'));
      onSaved();
    } catch {
      // Shown by the request helper.
    }
  };
  const required = [{ required: true, message: s('required') }];
  return (
    <Modal
      open={open}
      title={s(device ? 'editDevice' : 'addDevice')}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<DeviceValues> form={form} layout="vertical" onFinish={save}>
        <Form.Item name="code" label={s('code')} rules={required}>
          <Input maxLength={32} data-testid="device-code" />
        </Form.Item>
        <Form.Item name="name" label={s('name')} rules={required}>
          <Input maxLength={64} data-testid="device-name" />
        </Form.Item>
        <Form.Item name="kind" label={s('kind')} rules={required}>
          <Select options={STORAGE_DEVICE_KINDS.map((k) => ({ value: k, label: s(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="temperatureId" label={t('specimen.common.temperature')} rules={required}>
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
      </Form>
    </Modal>
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
  const { t } = useTranslation();
  const [form] = Form.useForm<ContainerValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (container) form.setFieldsValue(container);
    else form.setFieldsValue({ enabled: true, kind: 'box', rows: 9, cols: 9 });
  }, [open, container, form]);
  const save = async (v: ContainerValues) => {
    try {
      if (container)
        await specimenApi.containerUpdate({ ...v, id: container.id, version: container.version });
      else await specimenApi.containerCreate(v);
      feedback.success(t('specimen.common.saved'));
      onSaved();
    } catch {
      // Shown by the request helper.
    }
  };
  const required = [{ required: true, message: s('required') }];
  return (
    <Modal
      open={open}
      title={s(container ? 'editContainer' : 'addContainer')}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<ContainerValues> form={form} layout="vertical" onFinish={save}>
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
      </Form>
    </Modal>
  );
}

/** A container's position map (free and taken positions). */
export function ContainerGridModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const s = useS();
  const [detail, setDetail] = useState<DataOf<Contract['tempStorage']['containerDetail']> | null>(null);
  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    specimenApi
      .containerDetail(id)
      .then((r) => setDetail(r.data))
      .catch(() => undefined);
  }, [id]);
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
  const { t } = useTranslation();
  const [detail, setDetail] = useState<DataOf<Contract['tempStorage']['sampleDetail']> | null>(null);
  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    specimenApi
      .sampleDetail(id)
      .then((r) => setDetail(r.data))
      .catch(() => undefined);
  }, [id]);
  return (
    <ViewModal open={id !== null} title={detail?.code ?? ''} onCancel={onClose} width={800}>
      {detail && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('specimen.common.project')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('specimen.common.sampleType')}>
              {dash(detail.sampleTypeName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('specimen.common.temperature')}>
              {dash(detail.temperatureName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('specimen.common.status')}>
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
  const { t } = useTranslation();
  return [
    { dataIndex: 'at', title: s('at'), width: 170, render: (v: string) => formatTime(v) },
    { dataIndex: 'action', title: s('action'), width: 100, render: (v: string) => s(`actions.${v}`) },
    {
      dataIndex: 'barcode',
      title: t('specimen.common.barcode'),
      width: 150,
      render: dash,
    },
    { dataIndex: 'containerCode', title: s('container'), width: 120, render: dash },
    {
      dataIndex: 'position',
      title: t('specimen.common.position'),
      width: 70,
      render: dash,
    },
    { dataIndex: 'reason', title: s('reason'), render: dash },
    { dataIndex: 'userName', title: s('user'), width: 100 },
  ];
}

function LogTable({ rows }: { rows: StorageLog[] }) {
  return (
    <Table<StorageLog>
      rowKey="id"
      size="small"
      columns={useLogColumns()}
      dataSource={rows}
      pagination={{ pageSize: 5 }}
    />
  );
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
      <DataTable<StorageLog>
        rowKey="id"
        columns={columns}
        dataSource={logs.rows}
        loading={logs.loading}
        page={logs.page}
        size={logs.size}
        total={logs.total}
        onPageChange={logs.setPage}
      />
    </ViewModal>
  );
}
