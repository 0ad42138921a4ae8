import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

/**
 * Login-free print view: renders the text passed in `?title=` and `?content=` and hands it to
 * the browser's print dialog, whose "Save as PDF" writes the file.
 */
export default function CreatePdfPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Card
      title={params.get('title') ?? t('createPdf.title')}
      style={{ maxWidth: 840, margin: '40px auto' }}
      extra={
        <Button type="primary" onClick={() => window.print()}>
          {t('createPdf.print')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('createPdf.hint')}</Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
        {params.get('content') ?? ''}
      </Typography.Paragraph>
    </Card>
  );
}
