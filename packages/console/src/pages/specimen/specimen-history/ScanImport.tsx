import type { ScanLine, ScanPreview } from '@trialab/api-contract';
import { SCAN_FILE_MAX } from '@trialab/api-contract';
import { Alert, Button, Input, Modal, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaticTable } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { callEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';
import { rackOf } from './parts';

interface Picked {
  fileName: string;
  csv: string;
}

const OUTCOME_COLOURS: Record<ScanLine['outcome'], string> = {
  place: 'green',
  already: 'default',
  mark: 'orange',
  marked: 'default',
  empty: 'default',
  error: 'red',
};

/**
 * A rack scanner's CSV read against a box: every position with what saving does (place, block an
 * unreadable cell, nothing) and its error; saving is offered only without errors.
 */
export function ScanImport({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('librarySamples');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [boxCode, setBoxCode] = useState('');
  const [preview, setPreview] = useState<ScanPreview | null>(null);
  const [run, busy] = useAction();

  const body = () => ({ boxCode: boxCode.trim(), fileName: picked?.fileName ?? '', csv: picked?.csv ?? '' });
  const show = (code = boxCode) =>
    run(async () => {
      if (!picked || !code.trim()) return;
      setPreview(null);
      setPreview(
        (
          await callEndpoint((c) => c.librarySamples.scanPreview, {
            body: { ...body(), boxCode: code.trim() },
          })
        ).data,
      );
    });
  const save = async () => {
    let saved = { placed: 0, marked: 0 };
    const ok = await run(async () => {
      saved = (await callEndpoint((c) => c.librarySamples.scanImport, { body: body() })).data;
    });
    if (!ok) return;
    await onSaved();
    onClose();
    feedback.success(t('scan.saved', saved));
  };
  const read = async (file: File) => {
    if (file.size > SCAN_FILE_MAX) return false;
    const csv = await file.text();
    setPicked({ fileName: file.name, csv });
    setPreview(null);
    const rack = rackOf(csv);
    if (rack && !boxCode) setBoxCode(rack);
    return false;
  };

  const otherRacks = preview ? preview.racks.filter((r) => r !== preview.box.code) : [];
  const canSave =
    preview !== null && preview.counts.error === 0 && preview.counts.place + preview.counts.mark > 0;
  return (
    <Modal
      open
      title={t('scan.title')}
      width={1120}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('shared.cancel')}</Button>
          <Button
            onClick={() => show()}
            disabled={!picked || !boxCode.trim()}
            loading={busy}
            data-testid="scan-preview"
          >
            {t('scan.preview')}
          </Button>
          <Button type="primary" onClick={save} disabled={!canSave} loading={busy} data-testid="scan-save">
            {t('scan.save')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('scan.hint')}</Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".csv,.txt,text/csv"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void read(file);
              return false;
            }}
          >
            <Button data-testid="scan-file">{t('scan.pick')}</Button>
          </Upload>
          <Typography.Text data-testid="scan-file-name">{picked?.fileName ?? ''}</Typography.Text>
          <Typography.Text>{t('scan.box')}</Typography.Text>
          <Input
            value={boxCode}
            onChange={(e) => setBoxCode(e.target.value)}
            onPressEnter={() => show()}
            maxLength={64}
            placeholder={t('shared.boxScan')}
            style={{ width: 240 }}
            data-testid="scan-box"
          />
        </Space>
        {preview && (
          <>
            {otherRacks.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={t('scan.rackOther', { racks: otherRacks.join(', '), box: preview.box.code })}
              />
            )}
            <Alert
              type={preview.counts.error > 0 ? 'error' : 'info'}
              showIcon
              message={t('scan.counts', preview.counts)}
              data-testid="scan-counts"
            />
            <div data-testid="scan-lines">
              <StaticTable<ScanLine>
                rowKey="line"
                dataSource={preview.lines}
                columns={[
                  { title: t('scan.line'), dataIndex: 'line', width: 60 },
                  { title: t('scan.written'), dataIndex: 'written', width: 90 },
                  { title: t('shared.position'), dataIndex: 'position', width: 80, render: dash },
                  { title: t('scan.tube'), dataIndex: 'tube', width: 170, render: dash },
                  {
                    title: t('scan.read'),
                    dataIndex: 'read',
                    width: 110,
                    render: (v: ScanLine['read']) => (
                      <Tag color={v === 'ok' ? 'default' : 'orange'}>{t(`scan.reads.${v}`)}</Tag>
                    ),
                  },
                  {
                    title: t('scan.outcome'),
                    dataIndex: 'outcome',
                    width: 120,
                    render: (v: ScanLine['outcome']) => (
                      <Tag color={OUTCOME_COLOURS[v]}>{t(`scan.outcomes.${v}`)}</Tag>
                    ),
                  },
                  {
                    title: t('scan.error'),
                    dataIndex: 'error',
                    width: 320,
                    render: (v: string | null) =>
                      v ? <Typography.Text type="danger">{v}</Typography.Text> : '',
                  },
                ]}
              />
            </div>
          </>
        )}
      </Space>
    </Modal>
  );
}
