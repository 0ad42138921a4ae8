import type { FormTemplateRow } from '@trialab/api-contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListPage, useListPage } from '../../../components/ListPage';
import {
  type TemplateFilter,
  TemplateFilters,
  useRevisionActions,
  useRevisionColumns,
} from '../templateParts';

/**
 * /platform/plan-temp-form: the form templates, every revision (newest first within a code). A
 * draft is designed on /platform/edit-plan-temp-form, any revision shown on plan-temp-form-detail.
 */
export default function FormTemplatesPage() {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'form' });
  const navigate = useNavigate();
  const list = useListPage((c) => c.formTemplates.paging, {} as TemplateFilter);
  const columns = useRevisionColumns<FormTemplateRow>([
    { dataIndex: 'fieldCount', title: t('fieldCount'), width: 80 },
  ]);
  const { dialogs, ...actions } = useRevisionActions<FormTemplateRow>({
    group: 'formTemplates',
    reload: list.reload,
    onCreate: () => navigate('/platform/edit-plan-temp-form'),
    onView: (row) => navigate(`/platform/plan-temp-form-detail?id=${row.id}`),
    onEdit: (row) => navigate(`/platform/edit-plan-temp-form?id=${row.id}`),
  });
  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.plan-temp-form"
      columns={columns}
      filters={<TemplateFilters />}
      {...actions}
    >
      {dialogs}
    </ListPage>
  );
}
