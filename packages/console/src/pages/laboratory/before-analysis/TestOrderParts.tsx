import type { SubjectRow, TestItemRow, TestOrderRow } from '@trialab/api-contract';
import { Card, Form, Image, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, formatTimeAs } from '../../../components/format';
import { type CapturedImage, DocumentCapture } from '../../../devices/components/DocumentCapture';
import { callEndpoint } from '../../../services/endpoint';
import { base64Bytes, labApi, uploadFile } from '../../../services/lab';
import { feedback } from '../../../utils/feedback';
import { useFileImage } from '../../express/useFileImage';

/** Approved subjects and enabled test items for the order forms. */
export function useOrderChoices() {
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [items, setItems] = useState<TestItemRow[]>([]);
  useEffect(() => {
    labApi
      .subjectPaging({ page: 1, size: 200, status: 'approved' })
      .then((r) => setSubjects(r.data))
      .catch(() => undefined);
    callEndpoint((c) => c.testItems.paging, { body: { page: 1, size: 200, enabled: true } })
      .then((r) => setItems(r.data))
      .catch(() => undefined);
  }, []);
  return { subjects, items };
}

/** Subject, visit and test items (the fields every order form shares). */
export function OrderFields({ subjects, items }: ReturnType<typeof useOrderChoices>) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
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
          options={items.map((i) => ({ value: i.id, label: `${i.code} ${english ? i.enName : i.name}` }))}
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

const COLOR = { submitted: 'processing', approved: 'success', rejected: 'error' } as const;

/** Orders table shared by the order pages. */
export function OrderTable({
  rows,
  total,
  page,
  onPage,
  action,
}: {
  rows: TestOrderRow[];
  total: number;
  page: { page: number; size: number };
  onPage(page: number, size: number): void;
  action?: (row: TestOrderRow) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table<TestOrderRow>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={{ current: page.page, pageSize: page.size, total, onChange: onPage }}
      columns={[
        { dataIndex: 'barcode', title: t('lab.report.barcode') },
        {
          dataIndex: 'subjectNo',
          title: t('lab.report.subject'),
          render: (_: unknown, r) => `${r.subjectNo} ${r.subjectName}`,
        },
        { dataIndex: 'visit', title: t('lab.report.visit'), render: dash },
        {
          dataIndex: 'testItems',
          title: t('lab.order.items'),
          render: (_: unknown, r) => r.testItems.map((i) => i.code).join(', '),
        },
        {
          dataIndex: 'status',
          title: t('lab.receipt.status'),
          render: (v: TestOrderRow['status']) => <Tag color={COLOR[v]}>{t(`lab.subject.states.${v}`)}</Tag>,
        },
        { dataIndex: 'createdByName', title: t('lab.subject.enteredBy') },
        {
          dataIndex: 'createdAt',
          title: t('lab.subject.createdAt'),
          render: (v: string) => formatTimeAs(v, 'minute'),
        },
        {
          dataIndex: 'reviewReason',
          title: t('lab.subject.reviewReason'),
          render: dash,
        },
        ...(action
          ? [
              {
                dataIndex: 'actions',
                title: t('lab.common.actions'),
                render: (_: unknown, r: TestOrderRow) => action(r),
              },
            ]
          : []),
      ]}
    />
  );
}
