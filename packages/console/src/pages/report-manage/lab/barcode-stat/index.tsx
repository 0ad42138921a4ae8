import { ReportPage } from '../../../../components/ReportView';

/** /report-manage/lab/barcode-stat: barcodes counted by state, project, site and period (docs/reports.md). */
export default function BarcodeStatPage() {
  return <ReportPage code="lab-barcode-stat" />;
}
