import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';
import { uploadPicked } from '../../../services/files';
import { useEndpointMutation } from '../../../services/query';
import { feedback } from '../../../utils/feedback';

type Preview = DataOf<Contract['dict']['importPreview']>;
type PreviewRow = Preview['rows'][number];

const ACTION_COLOR = { insert: 'success', update: 'processing', skip: 'error' } as const;
const ACTION_TEXT = { insert: 'actionInsert', update: 'actionUpdate', skip: 'actionSkip' } as const;

/**
 * The xlsx import: the file is uploaded and checked by the server (nothing written), the rows show
 * what confirming does or their errors, and confirming writes the valid rows of that same file.
 */
export function ImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose(): void;
  onImported(dictNos: number[]): void;
}) {
  const { t } = useTranslation('platformData', { keyPrefix: 'dict' });
  const { t: all } = useTranslation();
  const [run, busy] = useAction();
  const [fileId, setFileId] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const confirm = useEndpointMutation((c) => c.dict.importConfirm, {
    invalidates: [(c) => c.dict.page, (c) => c.dict.typeList, (c) => c.dict.types],
  });

  const close = () => {
    setFileId(null);
    setPreview(null);
    onClose();
  };
  const previewFile = (file: File) =>
    run(async () => {
      setPreview(null);
      const uploaded = await uploadPicked(file);
      setFileId(uploaded.id);
      setPreview((await callEndpoint((c) => c.dict.importPreview, { body: { fileId: uploaded.id } })).data);
    });
  const write = () =>
    run(async () => {
      if (fileId === null || !preview) return;
      const done = (await confirm.mutateAsync({ body: { fileId } })).data;
      feedback.success(t('importedOk', done));
      onImported([
        ...new Set(preview.rows.flatMap((r) => (r.action === 'skip' || r.dictNo === null ? [] : [r.dictNo]))),
      ]);
      close();
    });

  return (
    <Modal
      open={open}
      title={t('importTitle')}
      width={960}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{all('components.cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={!preview || preview.valid === 0}
            onClick={() => void write()}
            data-testid="dict-import-confirm"
          >
            {t('confirmImport', { count: preview?.valid ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('importHint')}</Typography.Text>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void run(() => downloadEndpoint((c) => c.dict.importTemplate, {}, 'dict-template.xlsx'))
            }
          >
            {t('template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void previewFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="dict-import-upload">
              {t('upload')}
            </Button>
          </Upload>
        </Space>
        {preview && (
          <>
            <Alert
              type={preview.invalid ? 'warning' : 'success'}
              showIcon
              message={t('previewSummary', { valid: preview.valid, invalid: preview.invalid })}
            />
            <Table<PreviewRow>
              rowKey="line"
              size="small"
              pagination={false}
              scroll={{ y: 360 }}
              dataSource={preview.rows}
              data-testid="dict-import-preview"
              columns={[
                { dataIndex: 'line', title: t('line'), width: 70 },
                { dataIndex: 'dictNo', title: t('dictNo'), width: 100, render: dash },
                { dataIndex: 'value', title: t('value'), width: 120, render: dash },
                { dataIndex: 'label', title: t('label'), width: 140, render: dash },
                { dataIndex: 'enLabel', title: t('enLabel'), width: 140, render: dash },
                {
                  dataIndex: 'action',
                  title: t('action'),
                  width: 80,
                  render: (action: PreviewRow['action']) => (
                    <Tag color={ACTION_COLOR[action]}>{t(ACTION_TEXT[action])}</Tag>
                  ),
                },
                {
                  dataIndex: 'errors',
                  title: t('errors'),
                  render: (errors: PreviewRow['errors'], row) => (
                    <span data-testid={`dict-import-errors-${row.line}`}>
                      {errors.length === 0 ? '-' : errors.map((e) => e.message).join('；')}
                    </span>
                  ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
