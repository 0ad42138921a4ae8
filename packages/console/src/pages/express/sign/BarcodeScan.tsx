import type { BarcodeCheckResult } from '@trialab/api-contract';
import { Alert, Card, Input, List, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/FormModal';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

/** How many answers the desk keeps in view (newest first). */
const KEPT = 8;

/**
 * The receipt desk's scan of kit and tube codes (docs/supply.md "Barcodes and labels"): each code is
 * checked against this shipment (and the visit chosen); a good one is recorded as used here, a
 * refused one shows the exact reason in words, never colour alone.
 */
export function BarcodeScan({ shipmentId }: { shipmentId: number }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'scan' });
  const visits = useEndpointQuery((c) => c.receiptBarcode.visits, { params: { id: shipmentId } }).data?.data;
  const [visitId, setVisitId] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [answers, setAnswers] = useState<BarcodeCheckResult[]>([]);
  const [run, busy] = useAction();

  const check = async () => {
    const scanned = code.trim();
    if (!scanned) return;
    await run(async () => {
      const answer = await callEndpoint((c) => c.receiptBarcode.check, {
        params: { id: shipmentId },
        body: { code: scanned, visitId },
      });
      setAnswers((kept) => [answer.data, ...kept].slice(0, KEPT));
      setCode('');
    });
  };
  const [last] = answers;

  return (
    <Card size="small" title={t('title')} data-testid="barcode-scan">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('visit')}
          value={visitId}
          onChange={(v) => setVisitId(v ?? null)}
          options={(visits ?? []).map((v) => ({ value: v.id, label: v.name }))}
          data-testid="barcode-scan-visit"
        />
        <Input.Search
          style={{ width: 360 }}
          value={code}
          maxLength={64}
          placeholder={t('placeholder')}
          enterButton={t('check')}
          loading={busy}
          onChange={(e) => setCode(e.target.value)}
          onSearch={() => void check()}
          data-testid="barcode-scan-input"
        />
      </Space>
      {last && (
        <Alert
          showIcon
          type={last.answer === 'ok' ? 'success' : 'error'}
          message={`${t(`answers.${last.answer}`)} · ${last.message}`}
          data-testid="barcode-scan-answer"
          data-answer={last.answer}
        />
      )}
      {answers.length > 1 && (
        <List
          size="small"
          header={t('last')}
          dataSource={answers.slice(1)}
          renderItem={(a) => (
            <List.Item data-testid="barcode-scan-history" data-answer={a.answer}>
              <Space>
                <code>{a.code}</code>
                <Tag color={a.answer === 'ok' ? 'success' : 'error'}>{t(`answers.${a.answer}`)}</Tag>
                <span>{a.message}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
