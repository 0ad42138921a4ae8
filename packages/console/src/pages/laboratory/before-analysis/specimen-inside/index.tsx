import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type DataOf, SPECIMEN_PERMISSIONS, type SpecimenBarcodeRow } from '@trialab/api-contract';
import { Alert, Button, Card, Input, Select, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { confirmDialog } from '../../../../components/ConfirmDialog';
import { dash } from '../../../../components/format';
import type { Contract } from '../../../../services/contract';
import { uploadFile } from '../../../../services/lab';
import { specimenApi } from '../../../../services/specimen';
import { feedback } from '../../../../utils/feedback';
import { ScanInput, StateTag } from '../specimen/parts';
import { useContainers } from '../specimen/useContainers';

type Preview = DataOf<Contract['tempStorage']['importPreview']>;
interface ScanRow {
  barcode: string;
  position: string;
  info: SpecimenBarcodeRow | null;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /laboratory/before-analysis/specimen-inside: put signed samples into a container, scanned or imported. */
export default function SpecimenInsidePage() {
  const { t } = useTranslation();
  const s = (key: string, options?: Record<string, unknown>) => t(`specimen.inside.${key}`, options);
  const { containers, reload } = useContainers();
  const [containerId, setContainerId] = useState<number>();
  const container = containers.find((c) => c.id === containerId);
  const [rows, setRows] = useState<ScanRow[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [saving, setSaving] = useState(false);
  const [stored, setStored] = useState<Array<{ barcode: string; position: string }>>([]);

  const scanned = async (list: string[], added: string[]) => {
    setRows((prev) => [...prev, ...added.map((barcode) => ({ barcode, position: '', info: null }))]);
    for (const barcode of added) {
      try {
        const info = (await specimenApi.sampleInfo(barcode)).data;
        setRows((prev) => prev.map((r) => (r.barcode === barcode ? { ...r, info } : r)));
      } catch {
        // Shown by the request helper; the row stays unidentified.
      }
    }
    void list;
  };

  const store = async (samples: Array<{ barcode: string; position: string | null }>) => {
    if (!container || samples.length === 0) return;
    try {
      await confirmDialog({ content: s('confirm', { count: samples.length, container: container.code }) });
    } catch {
      return;
    }
    setSaving(true);
    try {
      const r = await specimenApi.storeIn({ containerId: container.id, samples });
      feedback.success(s('done', { count: r.data.stored.length }));
      setStored(r.data.stored);
      setRows([]);
      setPreview(null);
      await reload();
    } catch {
      // Shown by the request helper; nothing was stored.
    } finally {
      setSaving(false);
    }
  };

  const previewFile = async (file: File) => {
    if (!container) {
      feedback.warning(s('containerRequired'));
      return;
    }
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const uploaded = await uploadFile(bytes, file.name, file.type || XLSX_MIME);
      setPreview((await specimenApi.importPreview({ fileId: uploaded.id, containerId: container.id })).data);
    } catch {
      // Shown by the request helper.
    }
  };

  const scanTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ScanInput
        codes={rows.map((r) => r.barcode)}
        onChange={(list, added) => void scanned(list, added)}
        testId="inside-scan"
        disabled={!container}
      />
      <Table<ScanRow>
        rowKey="barcode"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="inside-rows"
        columns={[
          { dataIndex: 'barcode', title: t('specimen.common.barcode'), width: 180 },
          {
            dataIndex: 'info',
            title: s('status'),
            width: 200,
            render: (info: SpecimenBarcodeRow | null) =>
              info ? (
                <>
                  <StateTag state={info.status} />
                  <StateTag state={info.storage} />
                </>
              ) : (
                <Tag>{s('lookupFailed')}</Tag>
              ),
          },
          {
            dataIndex: 'temperature',
            title: t('specimen.common.temperature'),
            width: 120,
            render: (_, r) => dash(r.info?.temperatureName),
          },
          {
            dataIndex: 'position',
            title: t('specimen.common.position'),
            width: 180,
            render: (_, r) => (
              <Input
                size="small"
                maxLength={3}
                value={r.position}
                placeholder={s('positionHint')}
                onChange={(e) =>
                  setRows((prev) =>
                    prev.map((x) => (x.barcode === r.barcode ? { ...x, position: e.target.value } : x)),
                  )
                }
              />
            ),
          },
          {
            dataIndex: 'remove',
            title: '',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setRows((prev) => prev.filter((x) => x !== r))}>
                {t('specimen.common.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Button
        type="primary"
        loading={saving}
        disabled={!container || rows.length === 0}
        data-testid="inside-submit"
        onClick={() =>
          void store(rows.map((r) => ({ barcode: r.barcode, position: r.position.trim() || null })))
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
            void specimenApi.downloadTemplate('temp-storage-template.xlsx').catch(() => undefined)
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
              { dataIndex: 'barcode', title: t('specimen.common.barcode'), width: 180 },
              {
                dataIndex: 'position',
                title: t('specimen.common.position'),
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
            <span>{s('chooseContainer')}</span>
            <Select
              style={{ width: 360 }}
              value={containerId}
              onChange={setContainerId}
              data-testid="inside-container"
              showSearch
              optionFilterProp="label"
              options={containers.map((c) => ({
                value: c.id,
                label: `${c.code} · ${c.deviceName} · ${c.temperatureName} · ${t('specimen.staging.free')} ${c.capacity - c.stored}`,
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
