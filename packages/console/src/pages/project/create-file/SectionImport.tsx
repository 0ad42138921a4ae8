import type { DataOf, ProjectImportType } from '@trialab/api-contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { dash } from '../../../components/format';
import { ImportModal } from '../../../components/ImportModal';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';

type GroupRow = DataOf<Contract['project']['groupImport']>['rows'][number];
type CenterRow = DataOf<Contract['project']['centerImport']>['rows'][number];
type ContactRow = DataOf<Contract['project']['contactImport']>['rows'][number];

/** The rows without errors of one section's preview, as the form takes them. */
export type ImportedRows =
  | { type: 'group'; rows: GroupRow[] }
  | { type: 'center'; rows: CenterRow[] }
  | { type: 'contact'; rows: ContactRow[] };

/** What the form already holds, so the preview calls a repeat of it an error. */
export interface SectionKeys {
  group: string[];
  center: string[];
  contact: Array<{ name: string; role: string }>;
}

/**
 * The xlsx import of one section of the record (groups, sites or contacts): the server checks the
 * sheet against the form's rows, and confirming hands the rows without errors to the form (saved
 * with the record, never on their own).
 */
export function SectionImport({
  type,
  existing,
  onRows,
  onClose,
}: {
  type: ProjectImportType | null;
  existing: SectionKeys;
  onRows(imported: ImportedRows): void;
  onClose(): void;
}) {
  const { t } = useTranslation('projectRecord', { keyPrefix: 'imports' });
  const { t: f } = useTranslation('projectFile', { keyPrefix: 'form' });
  const shared = {
    open: type !== null,
    hint: t('hint'),
    onClose,
    template: () =>
      downloadEndpoint(
        (c) => c.project.importTemplate,
        { params: { type: type ?? 'group' } },
        `project-${type}-template.xlsx`,
      ),
  };
  const added = (count: number) => t('addedOk', { count });
  const text = (dataIndex: string, title: string, width?: number) => ({
    dataIndex,
    title,
    width,
    render: dash,
  });

  if (type === 'center') {
    const columns: ColumnsType<CenterRow> = [
      text('centerNo', f('centerNo'), 100),
      text('center', t('center'), 180),
      text('researchCenterName', f('center'), 180),
      text('name', f('siteName'), 140),
    ];
    return (
      <ImportModal<CenterRow>
        {...shared}
        title={t('titles.center')}
        testId="project-sites-import"
        columns={columns}
        preview={async (fileId) =>
          (await callEndpoint((c) => c.project.centerImport, { body: { fileId, existing: existing.center } }))
            .data
        }
        confirm={async (_, preview) => {
          const rows = preview.rows.filter((r) => r.action === 'insert');
          onRows({ type, rows });
          return added(rows.length);
        }}
      />
    );
  }
  if (type === 'contact') {
    const columns: ColumnsType<ContactRow> = [
      text('name', f('contactName'), 100),
      text('role', f('role'), 100),
      text('phone', f('phone'), 130),
      text('email', f('email'), 180),
    ];
    return (
      <ImportModal<ContactRow>
        {...shared}
        title={t('titles.contact')}
        testId="project-contacts-import"
        columns={columns}
        preview={async (fileId) =>
          (
            await callEndpoint((c) => c.project.contactImport, {
              body: { fileId, existing: existing.contact },
            })
          ).data
        }
        confirm={async (_, preview) => {
          const rows = preview.rows.filter((r) => r.action === 'insert');
          onRows({ type, rows });
          return added(rows.length);
        }}
      />
    );
  }
  const columns: ColumnsType<GroupRow> = [text('code', f('code'), 120), text('name', f('groupName'), 200)];
  return (
    <ImportModal<GroupRow>
      {...shared}
      title={t('titles.group')}
      testId="project-groups-import"
      columns={columns}
      preview={async (fileId) =>
        (await callEndpoint((c) => c.project.groupImport, { body: { fileId, existing: existing.group } }))
          .data
      }
      confirm={async (_, preview) => {
        const rows = preview.rows.filter((r) => r.action === 'insert');
        onRows({ type: 'group', rows });
        return added(rows.length);
      }}
    />
  );
}
