import type { SpecimenBarcodeRow } from '@trialab/api-contract';
import { Alert, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../../components/DataTable';
import { dash } from '../../../../components/format';
import { addScanned } from './scan';

const COLORS: Record<string, string> = {
  registered: 'default',
  signed: 'success',
  disabled: 'error',
  unstored: 'default',
  stored: 'processing',
};

/** A barcode or storage state as a coloured tag. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state] ?? 'default'}>{t(`specimen.states.${state}`)}</Tag>;
}

/** The columns every barcode list shows. */
export function useBarcodeColumns(): DataColumn<SpecimenBarcodeRow>[] {
  const { t } = useTranslation();
  const c = (key: string) => t(`specimen.common.${key}`);
  return [
    { dataIndex: 'code', title: c('barcode'), width: 160 },
    { dataIndex: 'projectNo', title: c('project'), width: 120 },
    { dataIndex: 'centerNo', title: c('site'), width: 80, render: dash },
    { dataIndex: 'subjectNo', title: c('subject'), width: 110, render: dash },
    { dataIndex: 'visit', title: c('visit'), width: 80, render: dash },
    { dataIndex: 'sampleTypeName', title: c('sampleType'), width: 100, render: dash },
    { dataIndex: 'temperatureName', title: c('temperature'), width: 100, render: dash },
    { dataIndex: 'status', title: c('status'), width: 90, render: (v: string) => <StateTag state={v} /> },
    { dataIndex: 'storage', title: c('storage'), width: 90, render: (v: string) => <StateTag state={v} /> },
  ];
}

/**
 * The scan field: a scanner types the code and Enter; several pasted codes are split. Adds to the
 * list the page keeps and says which were malformed or listed already.
 */
export function ScanInput({
  codes,
  onChange,
  testId,
  disabled,
}: {
  codes: readonly string[];
  onChange(next: string[], added: string[]): void;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const add = () => {
    const r = addScanned(codes, text);
    const notes = [
      r.invalid.length ? t('specimen.common.invalidCodes', { codes: r.invalid.join(', ') }) : '',
      r.repeated.length ? t('specimen.common.repeatedCodes', { codes: r.repeated.join(', ') }) : '',
    ].filter(Boolean);
    setWarning(notes.length ? notes.join('；') : null);
    setText('');
    if (r.added.length) onChange(r.list, r.added);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input
        value={text}
        disabled={disabled}
        placeholder={t('specimen.common.scan')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={add}
        data-testid={testId}
        allowClear
      />
      {warning && <Alert type="warning" showIcon message={warning} />}
    </Space>
  );
}
