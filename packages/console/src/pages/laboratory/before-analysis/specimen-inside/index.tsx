import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type DataOf, SPECIMEN_PERMISSIONS } from '@trialab/api-contract';
import { Alert, Button, Card, Input, Select, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { confirmed } from '../../../../components/ConfirmDialog';
import { useAction } from '../../../../components/FormModal';
import { dash } from '../../../../components/format';
import type { Contract } from '../../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../../services/endpoint';
import { uploadFile } from '../../../../services/files';
import { useEndpointMutation } from '../../../../services/query';
import { feedback } from '../../../../utils/feedback';
import { ScanInput, StateTag } from '../specimen/parts';
import { useContainers } from '../specimen/useContainers';
import { useSampleInfos } from '../specimen/useSampleInfos';

type Preview = DataOf<Contract['tempStorage']['importPreview']>;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /laboratory/before-analysis/specimen-inside: put signed samples into a container, scanned or imported. */
export default function SpecimenInsidePage() {
  const { t } = useTranslation('specimen');
  const { t: s } = useTranslation('specimen', { keyPrefix: 'inside' });
  const containers = useContainers();
  const [containerId, setContainerId] = useState<number>();
  const container = containers.find((c) => c.id === containerId);
  const [codes, setCodes] = useState<string[]>([]);
  const [positions, setPositions] = useState<Record<string, string>>({});
  const infos = useSampleInfos(codes);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [run, saving] = useAction();
  const [stored, setStored] = useState<Array<{ barcode: string; position: string }>>([]);
  // The samples' places and the containers' free places change.
  const storeIn = useEndpointMutation((c) => c.tempStorage.storeIn, {
    invalidates: [(c) => c.tempStorage.sampleInfo, (c) => c.tempStorage.containerList],
  });

  const store = async (samples: Array<{ barcode: string; position: string | null }>) => {
    if (!container || samples.length === 0) return;
    const content = s('confirm', { count: samples.length, container: container.code });
    if (!(await confirmed({ content }))) return;
    // A refusal (shown by the request helper) stores nothing.
    await run(async () => {
      const r = await storeIn.mutateAsync({ body: { containerId: container.id, samples } });
      feedback.success(s('done', { count: r.data.stored.length }));
      setStored(r.data.stored);
      setCodes([]);
      setPositions({});
      setPreview(null);
    });
  };

  const previewFile = async (file: File) => {
    if (!container) {
      feedback.warning(s('containerRequired'));
      return;
    }
    await run(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const uploaded = await uploadFile(bytes, file.name, file.type || XLSX_MIME);
      const body = { fileId: uploaded.id, containerId: container.id };
      setPreview((await callEndpoint((c) => c.tempStorage.importPreview, { body })).data);
    });
  };

  const scanTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ScanInput codes={codes} onChange={setCodes} testId="inside-scan" disabled={!container} />
      <Table<{ barcode: string }>
        rowKey="barcode"
        size="small"
        pagination={false}
        dataSource={codes.map((barcode) => ({ barcode }))}
        data-testid="inside-rows"
        columns={[
          { dataIndex: 'barcode', title: t('shared.barcode'), width: 180 },
          {
            dataIndex: 'info',
            title: s('status'),
            width: 200,
            render: (_, r) => {
              const info = infos.get(r.barcode);
              return info ? (
                <>
                  <StateTag state={info.status} />
                  <StateTag state={info.storage} />
                </>
              ) : (
                <Tag>{s('lookupFailed')}</Tag>
              );
            },
          },
          {
            dataIndex: 'temperature',
            title: t('shared.temperature'),
            width: 120,
            render: (_, r) => dash(infos.get(r.barcode)?.temperatureName),
          },
          {
            dataIndex: 'position',
            title: t('shared.position'),
            width: 180,
            render: (_, r) => (
              <Input
                size="small"
                maxLength={3}
                value={positions[r.barcode] ?? ''}
                placeholder={s('positionHint')}
                onChange={(e) => setPositions((prev) => ({ ...prev, [r.barcode]: e.target.value }))}
              />
            ),
          },
          {
            dataIndex: 'remove',
            title: '',
            width: 80,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => setCodes((prev) => prev.filter((x) => x !== r.barcode))}
              >
                {t('shared.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Button
        type="primary"
        loading={saving}
        disabled={!container || codes.length === 0}
        data-testid="inside-submit"
        onClick={() =>
          void store(codes.map((barcode) => ({ barcode, position: positions[barcode]?.trim() || null })))
        }
      >
        {s('submit')}
      </Button>
    </Space>
  );

  const valid = preview?.rows.filter((r) => r.problem === null) ?? [];
  const importTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void run(() => downloadEndpoint((c) => c.tempStorage.template, {}, 'temp-storage-template.xlsx'))
          }
        >
          {s('template')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          disabled={!container}
          beforeUpload={(file) => {
            void previewFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={!container}>
            {s('upload')}
          </Button>
        </Upload>
      </Space>
      {preview && (
        <>
          <Alert
            type={preview.invalid ? 'warning' : 'success'}
            showIcon
            message={s('previewTitle', { valid: preview.valid, invalid: preview.invalid })}
          />
          <Table
            rowKey="line"
            size="small"
            pagination={false}
            dataSource={preview.rows}
            columns={[
              { dataIndex: 'line', title: s('line'), width: 70 },
              { dataIndex: 'barcode', title: t('shared.barcode'), width: 180 },
              {
                dataIndex: 'position',
                title: t('shared.position'),
                width: 80,
                render: dash,
              },
              {
                dataIndex: 'message',
                title: s('problem'),
                render: (v: string | null) =>
                  v ? <Tag color="error">{v}</Tag> : <Tag color="success">{s('ok')}</Tag>,
              },
            ]}
          />
          <Button
            type="primary"
            loading={saving}
            disabled={valid.length === 0}
            onClick={() => void store(valid.map((r) => ({ barcode: r.barcode, position: r.position })))}
          >
            {s('submitValid', { count: valid.length })}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Card title={s('title')}>
      <Permission value={[SPECIMEN_PERMISSIONS.storeIn]}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <label htmlFor="inside-container">{s('chooseContainer')}</label>
            <Select
              id="inside-container"
              style={{ width: 360 }}
              value={containerId}
              onChange={setContainerId}
              data-testid="inside-container"
              showSearch
              optionFilterProp="label"
              options={containers.map((c) => ({
                value: c.id,
                label: `${c.code} · ${c.deviceName} · ${c.temperatureName} · ${t('staging.free')} ${c.capacity - c.stored}`,
              }))}
            />
          </Space>
          {!container && <Alert type="info" showIcon message={s('containerRequired')} />}
          <Tabs
            items={[
              { key: 'scan', label: s('scanTab'), children: scanTab },
              { key: 'import', label: s('importTab'), children: importTab },
            ]}
          />
          {stored.length > 0 && (
            <Alert
              type="success"
              showIcon
              data-testid="inside-stored"
              message={stored.map((x) => `${x.barcode} → ${x.position}`).join('，')}
            />
          )}
        </Space>
      </Permission>
    </Card>
  );
}
