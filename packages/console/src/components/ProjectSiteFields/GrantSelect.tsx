import { useQueries } from '@tanstack/react-query';
import { Form, Input, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery, useConsoleQueryClient, useEndpointQuery } from '../../services/query';
import { grantOptions, type ProjectOption, type SiteOption } from './grants';

const NO_PROJECTS: ProjectOption[] = [];

/** The projects in the user's scope and the sites of each: what the user may grant to others. */
export function useGrantChoices() {
  const projects: ProjectOption[] =
    useEndpointQuery((c) => c.project.ownAll, { body: { page: 1, size: 100 } }).data?.data ?? NO_PROJECTS;
  const sites = useQueries(
    {
      queries: projects.map((p) =>
        endpointQuery((c) => c.project.sitesByProject, { body: { projectId: p.id, page: 1, size: 100 } }),
      ),
    },
    useConsoleQueryClient(),
  );
  const sitesOf = new Map<number, SiteOption[]>(
    projects.map((p, i) => [p.id, sites[i]?.data?.data ?? []] as const),
  );
  return { projects, sitesOf };
}

/**
 * A multiple select of grants (inside a `Form.Item`): whole projects for staff (`sites={false}`,
 * values are project ids), project sites for external users (values `projectId:siteId`).
 */
export function GrantSelect({ sites, ...props }: { sites: boolean } & SelectProps<Array<string | number>>) {
  const { projects, sitesOf } = useGrantChoices();
  const options = sites
    ? grantOptions(projects, sitesOf)
    : projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }));
  return <Select mode="multiple" allowClear optionFilterProp="label" {...props} options={options} />;
}

/** Why roles or grants change (field `reason`): the server asks for it when they do. */
export function ReasonField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="reason" label={t('fields.reason')} extra={t('accounts.form.reasonHint')}>
      <Input.TextArea rows={2} maxLength={255} showCount data-testid="grant-reason" />
    </Form.Item>
  );
}
