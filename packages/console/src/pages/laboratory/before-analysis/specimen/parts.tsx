import type { SpecimenBarcodeRow } from '@trialab/api-contract';
import { sampleStorageWorkflow, specimenBarcodeWorkflow } from '@trialab/api-contract';
import { Alert, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { StatusTag } from '../../../../components/StatusTag';
import { addScanned } from './scan';

/** A barcode or storage state as a coloured tag. */
export function StateTag({ state }: { state: string }) {
  const workflow = sampleStorageWorkflow.states.includes(state as never)
    ? sampleStorageWorkflow
    : specimenBarcodeWorkflow;
  return <StatusTag workflow={workflow} status={state} />;
}

/** The columns every barcode list shows. */
export function useBarcodeColumns(): DataColumn<SpecimenBarcodeRow>[] {
  const { t } = useTranslation();
  const { t: c } = useTranslation('specimen', { keyPrefix: 'shared' });
  return [
    { dataIndex: 'code', title: t('fields.barcode'), width: 160 },
    { ...col.projectNo(), title: t('fields.project'), width: 120 },
    col.text('centerNo', t('fields.site'), 80),
    col.text('subjectNo', c('subject'), 110),
    col.text('visit', t('fields.visit'), 80),
    col.text('sampleTypeName', t('fields.sampleType'), 100),
    col.text('temperatureName', c('temperature'), 100),
    col.status(specimenBarcodeWorkflow, 90),
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
  const { t } = useTranslation('specimen', { keyPrefix: 'shared' });
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const add = () => {
    const r = addScanned(codes, text);
    const notes = [
      r.invalid.length ? t('invalidCodes', { codes: r.invalid.join(', ') }) : '',
      r.repeated.length ? t('repeatedCodes', { codes: r.repeated.join(', ') }) : '',
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
        placeholder={t('scan')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={add}
        data-testid={testId}
        allowClear
      />
      {warning && <Alert type="warning" showIcon message={warning} />}
    </Space>
  );
}
