import { DownloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../utils/saveBlob';
import { ViewModal } from '../ViewModal';

export interface PdfViewerProps {
  /** Loads the PDF (`() => fileEndpoint((c) => c.x.pdf, { params })`); null: the viewer is closed. */
  load: (() => Promise<Blob>) | null;
  title: string;
  /** The name the download button saves it under. */
  fileName: string;
  onClose(): void;
  testId?: string;
}

/**
 * A PDF shown in the page (the browser's own viewer: pages, zoom, search, print) with a download
 * button that saves the file already loaded. A failed load closes it (the request helper said why).
 */
export function PdfViewer({ load, title, fileName, onClose, testId = 'pdf-viewer' }: PdfViewerProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!load) return;
    let current: { blob: Blob; url: string } | null = null;
    let gone = false;
    load().then(
      (blob) => {
        if (gone) return;
        const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
        current = { blob: pdf, url: URL.createObjectURL(pdf) };
        setFile(current);
      },
      () => {
        if (!gone) onClose();
      },
    );
    return () => {
      gone = true;
      if (current) URL.revokeObjectURL(current.url);
      setFile(null);
    };
  }, [load, onClose]);

  return (
    <ViewModal
      open={load !== null}
      title={title}
      width="90vw"
      onCancel={onClose}
      footer={
        <Button
          icon={<DownloadOutlined />}
          disabled={!file}
          onClick={() => file && saveBlob(file.blob, fileName)}
          data-testid={`${testId}-download`}
        >
          {t('components.download')}
        </Button>
      }
    >
      {file ? (
        <iframe
          title={title}
          src={file.url}
          style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
          data-testid={testId}
        />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </ViewModal>
  );
}
