import type { DataOf } from '@trialab/api-contract';
import { useTranslation } from 'react-i18next';
import { dash } from '../../../components/format';
import { ImportModal as XlsxImportModal } from '../../../components/ImportModal';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';
import { useEndpointMutation } from '../../../services/query';

type PreviewRow = DataOf<Contract['dict']['importPreview']>['rows'][number];

/** The dictionary items' xlsx import; `onImported` names the dictionaries it changed. */
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
  const confirm = useEndpointMutation((c) => c.dict.importConfirm, {
    invalidates: [(c) => c.dict.page, (c) => c.dict.typeList, (c) => c.dict.types],
  });
  return (
    <XlsxImportModal<PreviewRow>
      open={open}
      title={t('importTitle')}
      hint={t('importHint')}
      testId="dict-import"
      columns={[
        { dataIndex: 'dictNo', title: t('dictNo'), width: 100, render: dash },
        { dataIndex: 'value', title: t('value'), width: 120, render: dash },
        { dataIndex: 'label', title: t('label'), width: 140, render: dash },
        { dataIndex: 'enLabel', title: t('enLabel'), width: 140, render: dash },
      ]}
      template={() => downloadEndpoint((c) => c.dict.importTemplate, {}, 'dict-template.xlsx')}
      preview={async (fileId) => (await callEndpoint((c) => c.dict.importPreview, { body: { fileId } })).data}
      confirm={async (fileId, preview) => {
        const done = (await confirm.mutateAsync({ body: { fileId } })).data;
        onImported([
          ...new Set(
            preview.rows.flatMap((r) => (r.action === 'skip' || r.dictNo === null ? [] : [r.dictNo])),
          ),
        ]);
        return t('importedOk', done);
      }}
      onClose={onClose}
    />
  );
}
