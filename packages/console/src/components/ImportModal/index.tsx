import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicked } from '../../services/files';
import { feedback } from '../../utils/feedback';
import { useAction } from '../FormModal';

/** A previewed row: its sheet line, what confirming does with it, and its errors. */
export interface ImportRow {
  line: number;
  action: 'insert' | 'update' | 'skip';
  errors: Array<{ message: string }>;
}

export interface ImportPreview<R extends ImportRow> {
  rows: R[];
  valid: number;
  invalid: number;
}

const ACTION_COLOR = { insert: 'success', update: 'processing', skip: 'error' } as const;
const ACTION_TEXT = { insert: 'actionInsert', update: 'actionUpdate', skip: 'actionSkip' } as const;

/**
 * An xlsx import: the file is uploaded and checked by the server (nothing written), the rows show
 * what confirming does or their errors, and confirming writes the valid rows of that same file.
 * The caller gives the calls, the record's own columns and its title, hint and done message;
 * `testId` prefixes `-upload`, `-preview`, `-errors-<line>`, `-confirm`.
 */
export function ImportModal<R extends ImportRow>(props: {
  open: boolean;
  title: string;
  hint: string;
  testId: string;
  columns: ColumnsType<R>;
  template(): Promise<unknown>;
  preview(fileId: number): Promise<ImportPreview<R>>;
  /** Writes the file's valid rows; answers the message to show. */
  confirm(fileId: number, preview: ImportPreview<R>): Promise<string>;
  onClose(): void;
}) {
  const { t } = useTranslation('common', { keyPrefix: 'components.import' });
  const { t: all } = useTranslation();
  const [run, busy] = useAction();
  const [fileId, setFileId] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview<R> | null>(null);
  const { testId } = props;

  const close = () => {
    setFileId(null);
    setPreview(null);
    props.onClose();
  };
  // The rows show once the upload and check are over, so confirming is possible as soon as they do.
  const previewFile = async (file: File) => {
    setPreview(null);
    let checked: { id: number; preview: ImportPreview<R> } | undefined;
    await run(async () => {
      const uploaded = await uploadPicked(file);
      checked = { id: uploaded.id, preview: await props.preview(uploaded.id) };
    });
    if (!checked) return;
    setFileId(checked.id);
    setPreview(checked.preview);
  };
  const write = () =>
    run(async () => {
      if (fileId === null || !preview) return;
      feedback.success(await props.confirm(fileId, preview));
      close();
    });

  return (
    <Modal
      open={props.open}
      title={props.title}
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
            data-testid={`${testId}-confirm`}
          >
            {t('confirmImport', { count: preview?.valid ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{props.hint}</Typography.Text>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void run(props.template)}>
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
            <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
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
            <Table<R>
              rowKey="line"
              size="small"
              pagination={false}
              scroll={{ y: 360 }}
              dataSource={preview.rows}
              data-testid={`${testId}-preview`}
              columns={[
                { dataIndex: 'line', title: t('line'), width: 70 },
                ...props.columns,
                {
                  dataIndex: 'action',
                  title: t('action'),
                  width: 80,
                  render: (action: ImportRow['action']) => (
                    <Tag color={ACTION_COLOR[action]}>{t(ACTION_TEXT[action])}</Tag>
                  ),
                },
                {
                  dataIndex: 'errors',
                  title: t('errors'),
                  render: (errors: R['errors'], row) => (
                    <span data-testid={`${testId}-errors-${row.line}`}>
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
