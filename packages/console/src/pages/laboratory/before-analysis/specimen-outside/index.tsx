import { SPECIMEN_PERMISSIONS } from '@trialab/api-contract';
import { Alert, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { confirmed } from '../../../../components/ConfirmDialog';
import { useAction } from '../../../../components/FormModal';
import { ShowLimit } from '../../../../components/ShowLimit';
import { useEndpointMutation } from '../../../../services/query';
import { feedback } from '../../../../utils/feedback';
import { ScanInput, StateTag } from '../specimen/parts';
import { useSampleInfos } from '../specimen/useSampleInfos';

const REASON_MAX = 255;

/** /laboratory/before-analysis/specimen-outside: take stored samples out, with a reason. */
export default function SpecimenOutsidePage() {
  const { t } = useTranslation('specimen');
  const { t: s } = useTranslation('specimen', { keyPrefix: 'outside' });
  const [codes, setCodes] = useState<string[]>([]);
  const infos = useSampleInfos(codes);
  const [reason, setReason] = useState('');
  const [run, saving] = useAction();
  // Where the samples were is no longer true once they are out.
  const takeOutCall = useEndpointMutation((c) => c.tempStorage.takeOut, {
    invalidates: [(c) => c.tempStorage.sampleInfo],
  });

  const takeOut = async () => {
    if (codes.length === 0) return;
    if (!reason.trim()) {
      feedback.warning(s('reasonRequired'));
      return;
    }
    if (!(await confirmed({ content: s('confirm', { count: codes.length }) }))) return;
    // A refusal (shown by the request helper) takes nothing out.
    await run(async () => {
      const r = await takeOutCall.mutateAsync({ body: { barcodes: codes, reason: reason.trim() } });
      feedback.success(s('done', { count: r.data.count }));
      setCodes([]);
      setReason('');
    });
  };

  const notStored = codes.filter((code) => {
    const info = infos.get(code);
    return info && info.storage !== 'stored';
  });
  return (
    <Card title={s('title')}>
      <Permission value={[SPECIMEN_PERMISSIONS.takeOut]}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <ScanInput codes={codes} onChange={setCodes} testId="outside-scan" />
          <Table<{ barcode: string }>
            rowKey="barcode"
            size="small"
            pagination={false}
            dataSource={codes.map((barcode) => ({ barcode }))}
            columns={[
              { dataIndex: 'barcode', title: t('shared.barcode'), width: 180 },
              {
                dataIndex: 'storage',
                title: t('shared.storage'),
                width: 110,
                render: (_, r) => {
                  const info = infos.get(r.barcode);
                  return info ? <StateTag state={info.storage} /> : <Tag>{t('inside.lookupFailed')}</Tag>;
                },
              },
              {
                dataIndex: 'where',
                title: s('where'),
                render: (_, r) => {
                  const where = infos.get(r.barcode)?.location;
                  return where ? `${where.deviceName} / ${where.containerCode} / ${where.position}` : '-';
                },
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
          {notStored.length > 0 && (
            <Alert type="warning" showIcon message={`${t('staging.notStored')}: ${notStored.join(', ')}`} />
          )}
          <div>
            <label htmlFor="outside-reason">{s('reason')}</label>
            <Input.TextArea
              id="outside-reason"
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
            disabled={codes.length === 0 || notStored.length > 0}
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
