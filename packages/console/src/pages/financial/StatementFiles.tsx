import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../../services/endpoint';

/**
 * A statement's PDF and its xlsx workbook (the same lines and totals, money as exact decimal text,
 * in the reader's language): the stored PDF once confirmed, a draft print before.
 */
export function StatementFiles({
  id,
  number,
  inRow,
}: {
  id: number;
  number: string | null;
  inRow?: boolean;
}) {
  const { t } = useTranslation('statements', { keyPrefix: 'statement' });
  const params = { id };
  const name = number ?? `statement-${id}`;
  const look = inRow ? ({ type: 'link', size: 'small' } as const) : {};
  return (
    <Space size={inRow ? 0 : 8}>
      <Button
        {...look}
        data-testid={inRow ? `statement-pdf-${id}` : 'statement-pdf'}
        onClick={() => downloadEndpoint((c) => c.statement.pdf, { params }, `${name}.pdf`)}
      >
        {t('pdf')}
      </Button>
      <Button
        {...look}
        data-testid={inRow ? `statement-xlsx-${id}` : 'statement-xlsx'}
        onClick={() => downloadEndpoint((c) => c.statement.xlsx, { params }, `${name}.xlsx`)}
      >
        {t('xlsx')}
      </Button>
    </Space>
  );
}
