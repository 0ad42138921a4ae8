import { Select, type SelectProps } from 'antd';
import { useProjectSites } from './ProjectSiteFields/useProjectSites';

/**
 * A select of the projects in the user's scope, searchable by number and name ("KM-2026-001 肿瘤…"):
 * the project picker of the filters and forms that name one project.
 */
export function ProjectSelect(props: Omit<SelectProps<number>, 'options'>) {
  const { projects } = useProjectSites(undefined);
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      {...props}
      options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
    />
  );
}
