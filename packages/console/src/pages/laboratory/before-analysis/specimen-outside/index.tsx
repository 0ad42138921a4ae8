import { SPECIMEN_PERMISSIONS, type SpecimenBarcodeRow } from '@trialab/api-contract';
import { Alert, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { confirmDialog } from '../../../../components/ConfirmDialog';
import { ShowLimit } from '../../../../components/ShowLimit';
import { specimenApi } from '../../../../services/specimen';
import { feedback } from '../../../../utils/feedback';
import { ScanInput, StateTag } from '../specimen/parts';

type Info = SpecimenBarcodeRow & {
  location: { deviceName: string; containerCode: string; position: string } | null;
};
interface Row {
  barcode: string;
  info: Info | null;
}

const REASON_MAX = 255;

/** /laboratory/before-analysis/specimen-outside: take stored samples out, with a reason. */
export default function SpecimenOutsidePage() {
  const { t } = useTranslation();
  const s = (key: string, options?: Record<string, unknown>) => t(`specimen.outside.${key}`, options);
  const [rows, setRows] = useState<Row[]>([]);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const scanned = async (added: string[]) => {
    setRows((prev) => [...prev, ...added.map((barcode) => ({ barcode, info: null }))]);
    for (const barcode of added) {
      try {
        const info = (await specimenApi.sampleInfo(barcode)).data;
        setRows((prev) => prev.map((r) => (r.barcode === barcode ? { ...r, info } : r)));
      } catch {
        // Shown by the request helper.
      }
    }
  };

  const takeOut = async () => {
    if (rows.length === 0) return;
    if (!reason.trim()) {
      feedback.warning(s('reasonRequired'));
      return;
    }
    try {
      await confirmDialog({ content: s('confirm', { count: rows.length }) });
    } catch {
      return;
    }
    setSaving(true);
    try {
      const r = await specimenApi.takeOut({ barcodes: rows.map((x) => x.barcode), reason: reason.trim() });
      feedback.success(s('done', { count: r.data.count }));
      setRows([]);
      setReason('');
    } catch {
      // Shown by the request helper; nothing was taken out.
    } finally {
      setSaving(false);
    }
  };

  const notStored = rows.filter((r) => r.info && r.info.storage !== 'stored');
  return (
    <Card title={s('title')}>
      <Permission value={[SPECIMEN_PERMISSIONS.takeOut]}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <ScanInput
            codes={rows.map((r) => r.barcode)}
            onChange={(_, added) => void scanned(added)}
            testId="outside-scan"
          />
          <Table<Row>
            rowKey="barcode"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { dataIndex: 'barcode', title: t('specimen.common.barcode'), width: 180 },
              {
                dataIndex: 'storage',
                title: t('specimen.common.storage'),
                width: 110,
                render: (_, r) =>
                  r.info ? (
                    <StateTag state={r.info.storage} />
                  ) : (
                    <Tag>{t('specimen.inside.lookupFailed')}</Tag>
                  ),
              },
              {
                dataIndex: 'where',
                title: s('where'),
                render: (_, r) =>
                  r.info?.location
                    ? `${r.info.location.deviceName} / ${r.info.location.containerCode} / ${r.info.location.position}`
                    : '-',
              },
              {
                dataIndex: 'remove',
                title: '',
                width: 80,
                render: (_, r) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setRows((prev) => prev.filter((x) => x !== r))}
                  >
                    {t('specimen.common.remove')}
                  </Button>
                ),
              },
            ]}
          />
          {notStored.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={`${t('specimen.staging.notStored')}: ${notStored.map((r) => r.barcode).join(', ')}`}
            />
          )}
          <div>
            <span>{s('reason')}</span>
            <Input.TextArea
              value={reason}
              maxLength={REASON_MAX}
              rows={2}
              onChange={(e) => setReason(e.target.value)}
              data-testid="outside-reason"
            />
            <ShowLimit value={reason} max={REASON_MAX} />
          </div>
          <Button
            type="primary"
            danger
            loading={saving}
            disabled={rows.length === 0 || notStored.length > 0}
            onClick={() => void takeOut()}
            data-testid="outside-submit"
          >
            {s('submit')}
          </Button>
        </Space>
      </Permission>
    </Card>
  );
}
