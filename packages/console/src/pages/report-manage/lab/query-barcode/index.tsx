import { Button, Drawer, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordTimeline } from '../../../../components/RecordTimeline';
import { ReportPage } from '../../../../components/ReportView';
import { useEndpointQuery } from '../../../../services/query';

/** Everything about one barcode: the specimen library's timeline of it, told by the server. */
function BarcodeDrawer({ code, onClose }: { code: string | null; onClose(): void }) {
  const { t } = useTranslation('reports');
  const query = useEndpointQuery(
    (c) => c.reportManage.barcodeTimeline,
    { body: { code: code ?? '' } },
    { enabled: code !== null },
  );
  if (code === null) return null;
  const events = query.data?.data?.events;
  return (
    <Drawer open title={t('timeline.title', { code })} width={640} onClose={onClose} destroyOnHidden>
      <div data-testid="barcode-timeline">{events ? <RecordTimeline events={events} /> : <Spin />}</div>
    </Drawer>
  );
}

/**
 * /report-manage/lab/query-barcode: every barcode the user may see, with where it stands; a row
 * opens everything about it (collection, shipment, receipt, tests, storage, moves, bills).
 */
export default function QueryBarcodePage() {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ReportPage
        code="lab-query-barcode"
        onRowClick={(row) => setOpen(String(row.barcode))}
        actions={{
          width: 100,
          render: (row) => (
            <Button type="link" size="small" onClick={() => setOpen(String(row.barcode))}>
              {t('timeline.open')}
            </Button>
          ),
        }}
      />
      <BarcodeDrawer code={open} onClose={() => setOpen(null)} />
    </>
  );
}
