import {
  type SubjectRow,
  type TestItemRow,
  type TestOrderRow,
  testOrderWorkflow,
} from '@trialab/api-contract';
import { Card, Form, Image, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { formatTimeAs } from '../../../components/format';
import { nameOptions } from '../../../components/localName';
import { useFileImage } from '../../../components/useFileImage';
import { type CapturedImage, DocumentCapture } from '../../../devices/components/DocumentCapture';
import { base64Bytes, uploadFile } from '../../../services/files';
import { useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';

/** Approved subjects and enabled test items for the order forms. */
export function useOrderChoices(): { subjects: SubjectRow[]; items: TestItemRow[] } {
  const subjects = useEndpointQuery((c) => c.subject.paging, {
    body: { page: 1, size: 200, status: 'approved' },
  });
  const items = useEndpointQuery((c) => c.testItems.paging, { body: { page: 1, size: 200, enabled: true } });
  return { subjects: subjects.data?.data ?? [], items: items.data?.data ?? [] };
}

/** Subject, visit and test items (the fields every order form shares). */
export function OrderFields({ subjects, items }: ReturnType<typeof useOrderChoices>) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="subjectId"
        label={t('lab.report.subject')}
        rules={[{ required: true, message: t('lab.report.subjectRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          options={subjects.map((s) => ({ value: s.id, label: `${s.projectNo} / ${s.subjectNo} ${s.name}` }))}
        />
      </Form.Item>
      <Form.Item name="visit" label={t('lab.report.visit')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="testItemIds"
        label={t('lab.order.items')}
        rules={[{ required: true, message: t('lab.report.itemRequired') }]}
      >
        <Select
          mode="multiple"
          optionFilterProp="label"
          data-testid="order-items"
          options={nameOptions(items, (i, name) => `${i.code} ${name}`)}
        />
      </Form.Item>
    </>
  );
}

function Requisition({ fileId }: { fileId: number }) {
  const src = useFileImage(fileId);
  return src ? <Image src={src} width={96} height={72} style={{ objectFit: 'cover' }} /> : null;
}

export function RequisitionImages({ fileIds }: { fileIds: readonly number[] }) {
  return (
    <Space wrap data-testid="requisition-images">
      {fileIds.map((id) => (
        <Requisition key={id} fileId={id} />
      ))}
    </Space>
  );
}

/** The requisition form captured with the document camera; the images are uploaded at once. */
export function RequisitionCapture({
  fileIds,
  onChange,
}: {
  fileIds: number[];
  onChange(ids: number[]): void;
}) {
  const { t } = useTranslation();
  const capture = async (images: CapturedImage[]) => {
    const ids: number[] = [];
    for (const image of images) {
      const file = await uploadFile(base64Bytes(image.base64), `requisition-${Date.now()}.jpg`, 'image/jpeg');
      ids.push(file.id);
    }
    onChange([...fileIds, ...ids].slice(0, 9));
    feedback.success(t('lab.receipt.imageSaved'));
  };
  return (
    <Card size="small" title={t('lab.order.requisition')}>
      <DocumentCapture onCapture={capture} disabled={fileIds.length >= 9} />
      <div style={{ marginTop: 8 }}>
        <RequisitionImages fileIds={fileIds} />
      </div>
    </Card>
  );
}

/** The columns of the order lists (the order pages add their actions). */
export function useOrderColumns(): DataColumn<TestOrderRow>[] {
  const { t } = useTranslation('lab');
  return [
    { dataIndex: 'barcode', title: t('report.barcode') },
    {
      dataIndex: 'subjectNo',
      title: t('report.subject'),
      render: (_: unknown, r) => `${r.subjectNo} ${r.subjectName}`,
    },
    col.text('visit', t('report.visit')),
    {
      dataIndex: 'testItems',
      title: t('order.items'),
      render: (_: unknown, r) => r.testItems.map((i) => i.code).join(', '),
    },
    col.status(testOrderWorkflow),
    { dataIndex: 'createdByName', title: t('subject.enteredBy') },
    {
      dataIndex: 'createdAt',
      title: t('subject.createdAt'),
      render: (v: string) => formatTimeAs(v, 'minute'),
    },
    col.text('reviewReason', t('subject.reviewReason')),
  ];
}
