// A carried-out bill's identity check in its drawer: who was identified (receiver or witness), how,
// the score against the lab's threshold then, the device and time, the masked card number and the
// signed handover form. Never a face image or a fingerprint (docs/library.md "Identity-verified custody").
import type { BillDetail } from '@trialab/api-contract';
import { Descriptions, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../components/format';
import { useFileImage } from '../../../../components/useFileImage';
import { useEndpointQuery } from '../../../../services/query';

export function CustodyRecord({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  const done = bill.status === 'confirmed' || bill.status === 'closed';
  const check = useEndpointQuery(
    (c) => c.libraryCustody.billCheck,
    { params: { id: bill.id } },
    { enabled: done && bill.kind !== 'post' },
  ).data?.data;
  const form = useFileImage(check?.formFileId ?? undefined);
  if (!check) return null;
  const r = (key: 'person' | 'method' | 'score' | 'device' | 'verifiedAt' | 'recordedBy' | 'form') =>
    t(`libraryCustody.record.${key}`);
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      title={t('libraryCustody.record.title')}
      data-testid="custody-record"
    >
      <Descriptions.Item label={r('person')}>
        {t(`libraryCustody.role.${check.role}`)}: {check.personName}
        {check.organisation ? ` · ${check.organisation}` : ''}
        {check.cardNoMasked ? ` · ${check.cardNoMasked}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={r('method')}>{t(`libraryCustody.method.${check.method}`)}</Descriptions.Item>
      {check.score !== null && (
        <Descriptions.Item label={r('score')}>
          {check.score} / {check.threshold}
        </Descriptions.Item>
      )}
      {check.deviceType && (
        <Descriptions.Item label={r('device')}>
          {t(`libraryCustody.device.${check.deviceType}`)} · {check.deviceId}
        </Descriptions.Item>
      )}
      {check.verifiedAt && (
        <Descriptions.Item label={r('verifiedAt')}>{formatTime(check.verifiedAt)}</Descriptions.Item>
      )}
      <Descriptions.Item label={r('recordedBy')}>
        {check.recordedByName} · {formatTime(check.recordedAt)}
      </Descriptions.Item>
      {form && (
        <Descriptions.Item label={r('form')}>
          <Image width={160} src={form} alt={r('form')} />
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
