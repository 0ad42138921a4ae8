import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelPreview, type PreviewInput } from './preview';

/** A drawing of what the template prints (proportions, symbology, lines); the printer renders the real one. */
export function LabelPreview({ template }: { template: PreviewInput }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const p = labelPreview(template);
  const symbol = p.square ? (
    <div
      aria-hidden
      style={{
        width: p.box.height * 0.7,
        height: p.box.height * 0.7,
        flex: 'none',
        background: 'repeating-conic-gradient(#222 0% 25%, #fff 0% 50%) 0 0 / 8px 8px',
        border: '2px solid #222',
      }}
    />
  ) : (
    <div
      aria-hidden
      style={{
        height: p.box.height * 0.4,
        background: 'repeating-linear-gradient(90deg, #222 0 2px, #fff 2px 4px, #222 4px 5px, #fff 5px 8px)',
      }}
    />
  );
  return (
    <div data-testid="label-preview">
      <div
        role="img"
        aria-label={t('previewLabel', { symbology: p.square ? 'DataMatrix' : 'Code 128' })}
        style={{
          width: p.box.width,
          height: p.box.height,
          border: '1px solid #8c8c8c',
          borderRadius: 4,
          background: '#fff',
          color: '#111',
          padding: 6,
          display: 'flex',
          flexDirection: p.square ? 'row' : 'column',
          gap: 6,
          overflow: 'hidden',
          fontFamily: 'monospace',
          fontSize: 11,
          lineHeight: 1.25,
        }}
      >
        {symbol}
        <div style={{ overflow: 'hidden' }}>
          {p.lines.map((line, i) => (
            <div key={i} style={{ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' }}>
              {line}
            </div>
          ))}
        </div>
      </div>
      <Typography.Text type="secondary">
        {p.square ? 'DataMatrix (ECC 200)' : 'Code 128'} · {t(p.chinese ? 'previewChinese' : 'previewLatin')}
      </Typography.Text>
    </div>
  );
}
