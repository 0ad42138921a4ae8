import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CapturedImage, DocumentCapture } from '../devices/components/DocumentCapture';
import { base64Bytes, uploadFile, uploadPicked } from '../services/files';

/**
 * A signed document as a form field (its stored file id): an upload, or a page taken with the
 * document camera (a contract's signed scan, a customer's signed statement).
 */
export function ScanField({
  value,
  onChange,
  testId,
  name,
}: {
  value?: number | null;
  onChange?(id: number): void;
  /** The upload button's test id. */
  testId: string;
  /** The stored name of a camera page (`<name>-<time>.jpg`). */
  name: string;
}) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const captured = async (images: CapturedImage[]) => {
    const image = images[0];
    if (!image) return;
    const file = await uploadFile(base64Bytes(image.base64), `${name}-${Date.now()}.jpg`, 'image/jpeg');
    onChange?.(file.id);
    setCamera(false);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Upload
          showUploadList={false}
          beforeUpload={async (file) => {
            const stored = await uploadPicked(file);
            onChange?.(stored.id);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={testId}>
            {t('components.scan.upload')}
          </Button>
        </Upload>
        <Button onClick={() => setCamera((v) => !v)}>{t('components.scan.camera')}</Button>
        {value ? (
          <Tag color="success">{t('components.scan.uploaded')}</Tag>
        ) : (
          <Tag>{t('components.scan.missing')}</Tag>
        )}
      </Space>
      {camera && <DocumentCapture onCapture={captured} />}
    </Space>
  );
}
