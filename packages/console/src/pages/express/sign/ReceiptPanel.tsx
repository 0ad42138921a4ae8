import { DeleteOutlined } from '@ant-design/icons';
import {
  type KitLotCheck,
  RECEIPT_EXCEPTION_DICT,
  RECEIPT_TEMPERATURE_BOUNDS,
  type ReceiptDetail,
  sampleReceiptWorkflow,
} from '@trialab/api-contract';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Image,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { confirmed } from '../../../components/ConfirmDialog';
import { tableWidth } from '../../../components/DataTable/sizing';
import { DictSelect, useDictItems } from '../../../components/DictSelect';
import { runAction, useAction } from '../../../components/FormModal';
import { dash, formatTimeAs } from '../../../components/format';
import { ShowLimit } from '../../../components/ShowLimit';
import { StatusTag } from '../../../components/StatusTag';
import { useFileImage } from '../../../components/useFileImage';
import { type CapturedImage, DocumentCapture } from '../../../devices/components/DocumentCapture';
import { t as textOf } from '../../../locales';
import { callEndpoint } from '../../../services/endpoint';
import { base64Bytes, uploadFile } from '../../../services/files';
import { dictLabel } from '../../../stores/dict';
import { feedback } from '../../../utils/feedback';
import { BarcodeScan } from './BarcodeScan';

type Kind = ReceiptDetail['images'][number]['kind'];
type Sample = ReceiptDetail['samples'][number];

interface Line {
  quality: 'qualified' | 'exception';
  receivedQuantity: number;
  exceptionReason: string | null;
  remark: string;
  /** The temperature read at receipt (°C); null when none was taken. */
  temperatureCelsius: number | null;
  /** The kit lot no. read from the tube or kit label, and the collection day from the requisition. */
  kitLotNo: string;
  collectedOn: string | null;
  /** The server's check of that lot against the day (null until a lot is read). */
  kit: KitLotCheck | null;
}

/** A line collected in an expired kit is received only as an exception with a reason. */
export const kitNeedsReason = (line: Pick<Line, 'kit' | 'quality' | 'exceptionReason'>) =>
  line.kit?.expired === true && !(line.quality === 'exception' && line.exceptionReason);

/** A kit lot's check in words: the warning on the row (never the colour alone). */
function KitTag({
  lot,
  expiry,
  date,
  expired,
  known = true,
  testId,
}: {
  lot: string;
  expiry: string | null;
  date: string;
  expired: boolean;
  known?: boolean;
  testId: string;
}) {
  const { t: r } = useTranslation('lab', { keyPrefix: 'receipt' });
  if (!known)
    return (
      <Tag color="warning" data-testid={testId} data-kit="unknown">
        {r('kitUnknown', { lot })}
      </Tag>
    );
  return (
    <Tag
      color={expired ? 'error' : 'default'}
      data-testid={testId}
      data-kit={expired ? 'expired' : 'valid'}
      style={{ whiteSpace: 'normal' }}
    >
      {expired ? r('kitExpired', { lot, expiry, date }) : r('kitValid', { lot, expiry })}
    </Tag>
  );
}

function ReceiptImage({
  image,
  removable,
  onRemove,
}: {
  image: ReceiptDetail['images'][number];
  removable: boolean;
  onRemove(): void;
}) {
  const { t: r } = useTranslation('lab', { keyPrefix: 'receipt' });
  const src = useFileImage(image.fileId);
  return (
    <Card
      size="small"
      data-testid="receipt-image"
      data-kind={image.kind}
      cover={
        src ? (
          <Image src={src} alt={image.name} height={120} style={{ objectFit: 'cover' }} />
        ) : (
          <div style={{ height: 120 }} />
        )
      }
      actions={
        removable
          ? [
              <Popconfirm key="remove" title={r('removeImage')} onConfirm={onRemove}>
                <DeleteOutlined />
              </Popconfirm>,
            ]
          : undefined
      }
    >
      <Tag>{r(`kinds.${image.kind}`)}</Tag>
      <div style={{ fontSize: 12, opacity: 0.7 }}>
        {dash(image.capturedBy)} {formatTimeAs(image.capturedAt, 'minute')}
      </div>
    </Card>
  );
}

/**
 * One shipment at the receipt desk: capture printouts, record each sample's receipt, sign off. The
 * sample lines go to `linesIn` (a box of the page's whole width below the list) when given.
 */
export function ReceiptPanel({
  detail,
  onChanged,
  linesIn,
}: {
  detail: ReceiptDetail;
  onChanged(): void;
  linesIn?: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'receipt' });
  const open = detail.status === 'picked_up';
  const [kind, setKind] = useState<Kind>('waybill');
  const [lines, setLines] = useState<Record<number, Line>>({});
  const [remark, setRemark] = useState('');
  const [run, saving] = useAction();

  // A line per sample of the shipment. A record read again (after an image is attached or
  // removed) keeps what the desk typed on the lines it still has; the panel is keyed by shipment.
  useEffect(() => {
    setLines((typed) =>
      Object.fromEntries(
        detail.samples.map((s) => [
          s.itemId,
          typed[s.itemId] ??
            ({
              quality: 'qualified',
              receivedQuantity: s.quantity,
              exceptionReason: null,
              remark: '',
              temperatureCelsius: null,
              kitLotNo: '',
              collectedOn: null,
              kit: null,
            } satisfies Line),
        ]),
      ),
    );
  }, [detail.samples]);

  const setLine = (itemId: number, patch: Partial<Line>) =>
    setLines((all) => {
      const current = all[itemId];
      return current ? { ...all, [itemId]: { ...current, ...patch } } : all;
    });

  const attach = async (images: CapturedImage[]) => {
    for (const image of images) {
      const bytes = base64Bytes(image.base64);
      const file = await uploadFile(bytes, `${kind}-${detail.orderNo}-${Date.now()}.jpg`, 'image/jpeg');
      await callEndpoint((c) => c.receipt.attachImage, {
        params: { id: detail.id },
        body: { fileId: file.id, kind },
      });
    }
    feedback.success(r('imageSaved'));
    onChanged();
  };

  /** Checks the line's kit lot against its collection day (else today) and keeps the answer. */
  const checkKit = async (itemId: number, patch: Partial<Pick<Line, 'kitLotNo' | 'collectedOn'>>) => {
    const line = lines[itemId];
    if (!line) return;
    const next = { ...line, ...patch };
    setLine(itemId, { ...patch, kit: null });
    const lotNo = next.kitLotNo.trim();
    if (!lotNo) return;
    let kit: KitLotCheck | null = null;
    await runAction(async () => {
      const answer = await callEndpoint((c) => c.receipt.kitLot, {
        params: { id: detail.id },
        query: { lotNo, ...(next.collectedOn ? { collectedOn: next.collectedOn } : {}) },
      });
      kit = answer.data;
    });
    // An expired kit makes the line an exception at once: the desk then names the reason.
    if (kit) setLine(itemId, { kit, ...((kit as KitLotCheck).expired ? { quality: 'exception' } : {}) });
  };

  const hasWaybill = detail.images.some((i) => i.kind === 'waybill');
  const missingReason = useMemo(
    () => Object.values(lines).some((l) => l.quality === 'exception' && !l.exceptionReason),
    [lines],
  );
  const expiredKitUnexcepted = useMemo(() => Object.values(lines).some(kitNeedsReason), [lines]);

  const sign = async () => {
    if (!hasWaybill) {
      feedback.warning(r('needWaybill'));
      return;
    }
    if (expiredKitUnexcepted) {
      feedback.warning(r('needKitReason'));
      return;
    }
    if (missingReason) {
      feedback.warning(r('needReason'));
      return;
    }
    if (!(await confirmed({ content: r('confirmSign', { orderNo: detail.orderNo }) }))) return;
    const body = {
      version: detail.version,
      remark: remark.trim() || null,
      samples: detail.samples.map((s) => {
        const line = lines[s.itemId];
        return {
          itemId: s.itemId,
          quality: line?.quality ?? 'qualified',
          receivedQuantity: line?.receivedQuantity ?? s.quantity,
          exceptionReason: line?.quality === 'exception' ? line.exceptionReason : null,
          remark: line?.remark.trim() || null,
          temperatureCelsius: line?.temperatureCelsius ?? null,
          kitLotNo: line?.kitLotNo.trim() || null,
          collectedOn: line?.collectedOn ?? null,
        };
      }),
    };
    const done = await run(
      () => callEndpoint((c) => c.receipt.receive, { params: { id: detail.id }, body }),
      r('signed'),
    );
    if (done) onChanged();
  };

  const removeImage = async (imageId: number) => {
    const done = await run(
      () => callEndpoint((c) => c.receipt.removeImage, { params: { id: imageId } }),
      t('lab.shared.deleted'),
    );
    if (done) onChanged();
  };

  const receivedInput = (s: Sample) => (
    <InputNumber
      min={0}
      max={99_999_999}
      precision={0}
      style={{ width: 100 }}
      aria-label={r('receivedQuantity')}
      value={lines[s.itemId]?.receivedQuantity}
      onChange={(v) => setLine(s.itemId, { receivedQuantity: typeof v === 'number' ? v : 0 })}
    />
  );

  // Six columns of fixed widths that fit the lines' card, the page's whole width (1060 px at
  // 1440 × 900 beside the menu), in zh-CN and en-US: the sample with its temperature and
  // quantity, the receipt with the count received.
  const columns: ColumnsType<Sample> = [
    {
      key: 'sample',
      title: r('sample'),
      width: 150,
      render: (_: unknown, s: Sample) => (
        <>
          <div>{s.sampleTypeName}</div>
          <Typography.Text type="secondary" data-testid={`receipt-quantity-${s.itemId}`}>
            {`${s.temperatureName} · ${s.quantity} ${s.unit}`}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'temperatureCelsius',
      title: r('reading'),
      width: 110,
      render: (_: unknown, s: Sample) =>
        open ? (
          <InputNumber
            min={RECEIPT_TEMPERATURE_BOUNDS.min}
            max={RECEIPT_TEMPERATURE_BOUNDS.max}
            step={0.1}
            style={{ width: 90 }}
            aria-label={r('reading')}
            data-testid={`receipt-reading-${s.itemId}`}
            value={lines[s.itemId]?.temperatureCelsius}
            onChange={(v) => setLine(s.itemId, { temperatureCelsius: typeof v === 'number' ? v : null })}
          />
        ) : (
          <Space size={4} wrap>
            {dash(s.temperatureCelsius)}
            {s.temperatureBreach && (
              <Tag color="error" data-testid={`receipt-breach-${s.itemId}`}>
                {r('breach', { range: s.temperatureRange ?? '' })}
              </Tag>
            )}
            {s.queryNo && (
              <Tag data-testid={`receipt-breach-query-${s.itemId}`}>
                {r('breachQuery', { queryNo: s.queryNo })}
              </Tag>
            )}
          </Space>
        ),
    },
    {
      dataIndex: 'kitLotNo',
      title: r('kit'),
      width: 260,
      render: (_: unknown, s: Sample) => {
        if (!open)
          return s.kitLotNo ? (
            <Space direction="vertical" size={4}>
              <span>{`${s.kitLotNo} · ${dash(s.collectedOn)}`}</span>
              <KitTag
                lot={s.kitLotNo}
                expiry={s.kitExpiry}
                date={s.collectedOn ?? formatTimeAs(detail.signedAt, 'minute').slice(0, 10)}
                expired={s.kitExpired}
                testId={`receipt-kit-${s.itemId}`}
              />
            </Space>
          ) : (
            '-'
          );
        const line = lines[s.itemId];
        return (
          <Space direction="vertical" size={4}>
            <Space size={4}>
              <Input
                style={{ width: 120 }}
                maxLength={32}
                placeholder={r('kitLotPlaceholder')}
                aria-label={r('kitLotPlaceholder')}
                data-testid={`receipt-kit-lot-${s.itemId}`}
                value={line?.kitLotNo}
                onChange={(e) => setLine(s.itemId, { kitLotNo: e.target.value, kit: null })}
                onBlur={(e) => void checkKit(s.itemId, { kitLotNo: e.target.value })}
              />
              <DatePicker
                style={{ width: 120 }}
                placeholder={r('collectedOn')}
                aria-label={r('collectedOn')}
                data-testid={`receipt-collected-${s.itemId}`}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                value={line?.collectedOn ? dayjs(line.collectedOn) : null}
                onChange={(d) => void checkKit(s.itemId, { collectedOn: d ? d.format('YYYY-MM-DD') : null })}
              />
            </Space>
            {line?.kit && (
              <KitTag
                lot={line.kit.lotNo}
                expiry={line.kit.expiryDate}
                date={line.kit.checkedOn}
                expired={line.kit.expired}
                known={line.kit.known}
                testId={`receipt-kit-${s.itemId}`}
              />
            )}
          </Space>
        );
      },
    },
    {
      key: 'quality',
      title: r('quality'),
      width: 210,
      render: (_: unknown, s: Sample) =>
        open ? (
          <Space direction="vertical" size={4}>
            <Radio.Group
              value={lines[s.itemId]?.quality}
              onChange={(e) => setLine(s.itemId, { quality: e.target.value as Line['quality'] })}
              options={[
                { value: 'qualified', label: r('qualified') },
                { value: 'exception', label: r('exception') },
              ]}
            />
            <Space size={4}>
              {r('receivedQuantity')}
              {receivedInput(s)}
            </Space>
          </Space>
        ) : (
          <Space direction="vertical" size={4}>
            <StatusTag workflow={sampleReceiptWorkflow} status={s.state} />
            <span>{`${r('receivedQuantity')} ${dash(s.receivedQuantity)}`}</span>
          </Space>
        ),
    },
    {
      key: 'exceptionReason',
      title: r('reason'),
      width: 170,
      render: (_: unknown, s: Sample) =>
        open ? (
          <DictSelect
            dictNo={RECEIPT_EXCEPTION_DICT}
            style={{ width: 150 }}
            allowClear
            disabled={lines[s.itemId]?.quality !== 'exception'}
            status={
              (lines[s.itemId]?.quality === 'exception' && !lines[s.itemId]?.exceptionReason) ||
              (lines[s.itemId]?.kit?.expired && !lines[s.itemId]?.exceptionReason)
                ? 'error'
                : ''
            }
            value={lines[s.itemId]?.exceptionReason ?? undefined}
            onChange={(v: string | undefined) => setLine(s.itemId, { exceptionReason: v ?? null })}
          />
        ) : (
          <DictLabel value={s.exceptionReason} />
        ),
    },
    {
      key: 'remark',
      title: r('lineRemark'),
      width: 120,
      render: (_: unknown, s: Sample) =>
        open ? (
          <Input
            maxLength={255}
            data-testid={`receipt-line-remark-${s.itemId}`}
            value={lines[s.itemId]?.remark}
            onChange={(e) => setLine(s.itemId, { remark: e.target.value })}
          />
        ) : (
          dash(s.remark)
        ),
    },
  ];

  const head = (
    <Space
      direction="vertical"
      style={{ width: '100%' }}
      data-testid="receipt-detail"
      data-status={detail.status}
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={r('orderNo')}>{detail.orderNo}</Descriptions.Item>
        <Descriptions.Item label={r('expressNo')}>{dash(detail.expressNo)}</Descriptions.Item>
        <Descriptions.Item label={r('status')}>
          <Tag color={open ? 'processing' : 'success'}>
            {textOf(`lab.receipt.shipmentStates.${detail.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={r('project')}>
          {detail.projectNo} {detail.projectName}
        </Descriptions.Item>
        <Descriptions.Item label={r('site')}>
          {detail.centerNo} {detail.siteName}
        </Descriptions.Item>
        <Descriptions.Item label={r('temperature')}>
          {detail.temperatureName}
          {detail.coldChain ? ` (${r('coldChain')})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={r('dispatchTime')}>
          {formatTimeAs(detail.dispatchTime, 'minute')}
        </Descriptions.Item>
        <Descriptions.Item label={r('signer')}>{dash(detail.signerName)}</Descriptions.Item>
        <Descriptions.Item label={r('signedAt')}>{formatTimeAs(detail.signedAt, 'minute')}</Descriptions.Item>
        {detail.receiptRemark && (
          <Descriptions.Item label={r('remark')} span={3}>
            {detail.receiptRemark}
          </Descriptions.Item>
        )}
      </Descriptions>

      <Row gutter={16}>
        {open && (
          <Col xs={24} lg={12}>
            <Card size="small" title={r('capture')}>
              <Space style={{ marginBottom: 8 }}>
                <span>{r('kind')}</span>
                <Radio.Group
                  value={kind}
                  onChange={(e) => setKind(e.target.value as Kind)}
                  optionType="button"
                  options={(['waybill', 'temperature', 'other'] as const).map((k) => ({
                    value: k,
                    label: r(`kinds.${k}`),
                  }))}
                />
              </Space>
              <DocumentCapture onCapture={attach} />
            </Card>
          </Col>
        )}
        <Col xs={24} lg={open ? 12 : 24}>
          <Card size="small" title={r('images')}>
            {detail.images.length === 0 ? (
              <Empty description={r('noImages')} />
            ) : (
              <Row gutter={[8, 8]} data-testid="receipt-images">
                {detail.images.map((image) => (
                  <Col key={image.id} xs={12} md={8}>
                    <ReceiptImage
                      image={image}
                      removable={open}
                      onRemove={() => void removeImage(image.id)}
                    />
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
      </Row>

      {open && <BarcodeScan shipmentId={detail.id} />}
    </Space>
  );

  const sampleLines = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<Sample>
        rowKey="itemId"
        size="small"
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns) }}
        columns={columns}
        dataSource={detail.samples}
        data-testid="receipt-samples"
      />
      {open && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {!hasWaybill && <Alert type="warning" showIcon message={r('needWaybill')} />}
          <Input.TextArea
            rows={2}
            maxLength={255}
            placeholder={r('remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
          <ShowLimit value={remark} max={255} />
          <Button type="primary" loading={saving} onClick={() => void sign()} data-testid="receipt-sign">
            {r('sign')}
          </Button>
        </Space>
      )}
    </Space>
  );

  return (
    <>
      {head}
      {linesIn ? createPortal(<Card style={{ marginTop: 16 }}>{sampleLines}</Card>, linesIn) : sampleLines}
    </>
  );
}

function DictLabel({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  const items = useDictItems(RECEIPT_EXCEPTION_DICT);
  if (!value) return <>-</>;
  const item = items.find((i) => i.value === value);
  return <>{item ? dictLabel(item, i18n.language) : value}</>;
}
