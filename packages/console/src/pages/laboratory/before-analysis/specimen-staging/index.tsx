import { ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SPECIMEN_PERMISSIONS,
  type StorageContainer,
  type StorageDevice,
  type StoredSample,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../../access/gates';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { downloadEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import {
  ContainerGridModal,
  ContainerModal,
  DeviceLogsModal,
  DeviceModal,
  SampleDetailModal,
} from './StagingModals';

type Tab = 'samples' | 'containers' | 'devices';

/** All devices (for filters and the container form); a lab has a handful. */
function useDevices() {
  const query = useEndpointQuery((c) => c.tempStorage.devicePage, { body: { page: 1, size: 500 } });
  return { devices: query.data?.data ?? [], refetch: query.refetch };
}

/**
 * /laboratory/before-analysis/specimen-staging: temporary storage of received samples in containers
 * inside devices: the stored samples, the containers with their position maps and exports, the devices
 * with their logs. Putting in and taking out happen on specimen-inside and specimen-outside.
 */
export default function SpecimenStagingPage() {
  const { t } = useTranslation('specimen');
  const { t: s } = useTranslation('specimen', { keyPrefix: 'staging' });
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('samples');
  const { devices, refetch: refetchDevices } = useDevices();
  const deviceOptions = devices.map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }));

  const samples = useListPage((c) => c.tempStorage.samplePage, {} as { keyword?: string; deviceId?: number });
  const containers = useListPage(
    (c) => c.tempStorage.containerPage,
    {} as { keyword?: string; deviceId?: number },
  );
  const deviceList = useListPage(
    (c) => c.tempStorage.devicePage,
    {} as { keyword?: string; enabled?: boolean },
  );

  const [sampleId, setSampleId] = useState<number | null>(null);
  const [gridId, setGridId] = useState<number | null>(null);
  const [editingContainer, setEditingContainer] = useState<StorageContainer | null | undefined>();
  const [editingDevice, setEditingDevice] = useState<StorageDevice | null | undefined>();
  const [logsOf, setLogsOf] = useState<StorageDevice | null>(null);

  const header = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={(['samples', 'containers', 'devices'] as const).map((key) => ({ key, label: s(key) }))}
    />
  );
  const storeButtons = (
    <>
      <Permission value={[SPECIMEN_PERMISSIONS.storeIn]}>
        <Button
          icon={<ImportOutlined />}
          data-testid="staging-put-in"
          onClick={() => navigate('/laboratory/before-analysis/specimen-inside')}
        >
          {s('putIn')}
        </Button>
      </Permission>
      <Permission value={[SPECIMEN_PERMISSIONS.takeOut]}>
        <Button
          icon={<ExportOutlined />}
          data-testid="staging-take-out"
          onClick={() => navigate('/laboratory/before-analysis/specimen-outside')}
        >
          {s('takeOut')}
        </Button>
      </Permission>
    </>
  );
  const deviceFilter = (
    <Form.Item name="deviceId" label={s('device')}>
      <Select allowClear style={{ width: 200 }} options={deviceOptions} />
    </Form.Item>
  );
  const keywordFilter = (hint?: string) => (
    <Form.Item name="keyword" label={t('shared.keyword')}>
      <Input allowClear maxLength={64} placeholder={hint} />
    </Form.Item>
  );

  const sampleColumns: DataColumn<StoredSample>[] = [
    { dataIndex: 'barcode', title: t('shared.barcode'), width: 160 },
    { ...col.projectNo(), title: t('shared.project'), width: 120 },
    col.text('sampleTypeName', t('shared.sampleType'), 100),
    col.text('temperatureName', t('shared.temperature'), 100),
    { dataIndex: 'deviceName', title: s('device'), width: 160 },
    { dataIndex: 'containerCode', title: s('container'), width: 120 },
    { dataIndex: 'position', title: t('shared.position'), width: 80 },
    { dataIndex: 'storedByName', title: s('storedBy'), width: 100 },
    col.time('storedAt', s('storedAt')),
  ];
  const containerColumns: DataColumn<StorageContainer>[] = [
    { dataIndex: 'code', title: s('code'), width: 130 },
    { dataIndex: 'name', title: s('name'), width: 160 },
    {
      dataIndex: 'kind',
      title: s('kind'),
      width: 90,
      render: (v: StorageContainer['kind']) => s(`kinds.${v}`),
    },
    { dataIndex: 'deviceName', title: s('device'), width: 160 },
    { dataIndex: 'temperatureName', title: t('shared.temperature'), width: 100 },
    {
      dataIndex: 'capacity',
      title: s('capacity'),
      width: 120,
      render: (_, r) => `${r.rows} × ${r.cols} = ${r.capacity}`,
    },
    { dataIndex: 'stored', title: s('used'), width: 80 },
    {
      dataIndex: 'enabled',
      title: s('enabled'),
      width: 80,
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'}>{t(v ? 'staging.enabled' : 'states.disabled')}</Tag>
      ),
    },
  ];
  const deviceColumns: DataColumn<StorageDevice>[] = [
    { dataIndex: 'code', title: s('code'), width: 110 },
    { dataIndex: 'name', title: s('name'), width: 180 },
    {
      dataIndex: 'kind',
      title: s('kind'),
      width: 110,
      render: (v: StorageDevice['kind']) => s(`kinds.${v}`),
    },
    { dataIndex: 'temperatureName', title: t('shared.temperature'), width: 100 },
    { dataIndex: 'temperatureRange', title: s('range'), width: 100 },
    col.text('location', s('location'), 150),
    { dataIndex: 'containers', title: s('containersCount'), width: 80 },
    { dataIndex: 'stored', title: s('storedCount'), width: 80 },
    {
      dataIndex: 'enabled',
      title: s('enabled'),
      width: 80,
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'}>{t(v ? 'staging.enabled' : 'states.disabled')}</Tag>
      ),
    },
  ];

  const refreshDevices = async () => {
    await Promise.all([refetchDevices(), deviceList.reload(), containers.reload()]);
  };

  return (
    <>
      {tab === 'samples' && (
        <ListPage<StoredSample, { keyword?: string; deviceId?: number }>
          header={header}
          list={samples}
          rowKey="id"
          code="laboratory.specimen-staging.samples"
          columns={sampleColumns}
          filters={
            <>
              {keywordFilter(t('shared.keywordHint'))}
              {deviceFilter}
            </>
          }
          toolbar={storeButtons}
          actions={{
            width: 80,
            items: [{ label: t('shared.detail'), onClick: (row) => setSampleId(row.id) }],
          }}
        />
      )}
      {tab === 'containers' && (
        <ListPage<StorageContainer, { keyword?: string; deviceId?: number }>
          header={header}
          list={containers}
          rowKey="id"
          code="laboratory.specimen-staging.containers"
          columns={containerColumns}
          filters={
            <>
              {keywordFilter()}
              {deviceFilter}
            </>
          }
          toolbar={
            <Permission value={[SPECIMEN_PERMISSIONS.device]}>
              <Button icon={<PlusOutlined />} onClick={() => setEditingContainer(null)}>
                {s('addContainer')}
              </Button>
            </Permission>
          }
          actions={{
            width: 200,
            items: [
              { label: s('grid'), onClick: (row) => setGridId(row.id) },
              {
                label: s('export'),
                permission: SPECIMEN_PERMISSIONS.stagingExport,
                run: (row) =>
                  downloadEndpoint(
                    (c) => c.tempStorage.export,
                    { params: { id: row.id } },
                    `${row.code}.xlsx`,
                  ),
              },
              {
                label: t('shared.edit'),
                permission: SPECIMEN_PERMISSIONS.device,
                onClick: (row) => setEditingContainer(row),
              },
            ],
          }}
        />
      )}
      {tab === 'devices' && (
        <ListPage<StorageDevice, { keyword?: string; enabled?: boolean }>
          header={header}
          list={deviceList}
          rowKey="id"
          code="laboratory.specimen-staging.devices"
          columns={deviceColumns}
          filters={keywordFilter()}
          toolbar={
            <Permission value={[SPECIMEN_PERMISSIONS.device]}>
              <Button icon={<PlusOutlined />} onClick={() => setEditingDevice(null)} data-testid="device-add">
                {s('addDevice')}
              </Button>
            </Permission>
          }
          actions={{
            width: 150,
            items: [
              {
                label: s('logs'),
                testId: (row) => `device-logs-${row.code}`,
                onClick: (row) => setLogsOf(row),
              },
              {
                label: t('shared.edit'),
                permission: SPECIMEN_PERMISSIONS.device,
                onClick: (row) => setEditingDevice(row),
              },
            ],
          }}
        />
      )}
      <SampleDetailModal id={sampleId} onClose={() => setSampleId(null)} />
      <ContainerGridModal id={gridId} onClose={() => setGridId(null)} />
      <ContainerModal
        open={editingContainer !== undefined}
        container={editingContainer ?? null}
        devices={devices}
        onClose={() => setEditingContainer(undefined)}
        onSaved={() => {
          setEditingContainer(undefined);
          void containers.reload();
        }}
      />
      <DeviceModal
        open={editingDevice !== undefined}
        device={editingDevice ?? null}
        onClose={() => setEditingDevice(undefined)}
        onSaved={() => {
          setEditingDevice(undefined);
          void refreshDevices();
        }}
      />
      <DeviceLogsModal device={logsOf} onClose={() => setLogsOf(null)} />
    </>
  );
}
