import { RESERVATION_MS } from '@trialab/api-contract';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaticTable } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { callEndpoint } from '../../../services/endpoint';
import { clock } from './parts';

interface Proposal {
  reservationId: string;
  /** When the hold ends on this computer's clock (the answer's arrival plus the hold). */
  deadline: number;
  cells: Array<{ specimenId: number; code: string; box: string; position: string }>;
}

/**
 * Auto-allocation of the selected specimens: the proposed cells with the time the reservation has
 * left, counted down each second; placing commits them (refused by the server once expired), giving up
 * releases them.
 */
export function Allocation({
  codes,
  onClose,
  onPlaced,
}: {
  codes: string[];
  onClose: () => void;
  onPlaced: () => Promise<void>;
}) {
  const { t } = useTranslation('librarySamples');
  const [boxCode, setBoxCode] = useState('');
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [run, busy] = useAction();
  const left = proposal ? proposal.deadline - now : 0;

  useEffect(() => {
    if (!proposal) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [proposal]);

  const allocate = () =>
    run(async () => {
      const scope = boxCode.trim()
        ? (await callEndpoint((c) => c.librarySamples.boxByCode, { body: { code: boxCode.trim() } })).data.id
        : null;
      const answer = await callEndpoint((c) => c.library.allocate, {
        body: { barcodes: codes, boxId: scope },
      });
      setNow(Date.now());
      setProposal({ ...answer.data, deadline: Date.now() + RESERVATION_MS });
    });
  const commit = async () => {
    if (!proposal) return;
    const placed = await run(
      () => callEndpoint((c) => c.library.commit, { params: { reservationId: proposal.reservationId } }),
      t('allocate.committed', { count: proposal.cells.length }),
    );
    if (placed) {
      await onPlaced();
      onClose();
    }
  };
  const giveUp = async () => {
    if (proposal && left > 0)
      await run(
        () => callEndpoint((c) => c.library.release, { params: { reservationId: proposal.reservationId } }),
        t('allocate.released'),
      );
    await onPlaced();
    onClose();
  };

  return (
    <Modal
      open
      title={t('allocate.title')}
      width={720}
      onCancel={giveUp}
      maskClosable={false}
      footer={
        proposal ? (
          <Space>
            <Button onClick={giveUp} disabled={busy} data-testid="allocate-release">
              {t('allocate.release')}
            </Button>
            <Button
              type="primary"
              onClick={commit}
              loading={busy}
              disabled={left <= 0}
              data-testid="allocate-commit"
            >
              {t('allocate.commit')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('shared.cancel')}</Button>
            <Button type="primary" onClick={allocate} loading={busy} data-testid="allocate-run">
              {t('allocate.run')}
            </Button>
          </Space>
        )
      }
    >
      {proposal ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {left > 0 ? (
            <Typography.Text strong data-testid="allocate-countdown">
              {t('allocate.left', { time: clock(left) })}
            </Typography.Text>
          ) : (
            <Alert type="warning" showIcon message={t('allocate.expired')} data-testid="allocate-expired" />
          )}
          <div data-testid="allocate-cells">
            <StaticTable
              rowKey="specimenId"
              dataSource={proposal.cells}
              columns={[
                { title: t('shared.barcode'), dataIndex: 'code', width: 200 },
                { title: t('shared.box'), dataIndex: 'box', width: 200 },
                { title: t('shared.position'), dataIndex: 'position', width: 90 },
              ]}
            />
          </div>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">
            {t('allocate.hint', { count: codes.length })}
          </Typography.Paragraph>
          <Typography.Text>{t('allocate.scope')}</Typography.Text>
          <Input
            value={boxCode}
            onChange={(e) => setBoxCode(e.target.value)}
            onPressEnter={allocate}
            maxLength={64}
            placeholder={t('allocate.scopeHint')}
            data-testid="allocate-box"
          />
        </Space>
      )}
    </Modal>
  );
}
