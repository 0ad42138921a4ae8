import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../formRules';
import { ProjectSelect } from '../ProjectSelect';
import { useProjectSites } from './useProjectSites';

/**
 * Project and site selects of a form (fields `projectId`, `siteId`): only the projects and sites
 * in the user's scope; choosing another project clears the site. `site={false}`: the project only
 * (a record for all its sites).
 */
export function ProjectSiteFields({ testId, site = true }: { testId: string; site?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const projectId = Form.useWatch<number | undefined>('projectId', form);
  // Only the sites of the project on screen: an answer for a project chosen before is never shown.
  const { sites } = useProjectSites(site ? projectId : undefined);

  return (
    <>
      <Col span={8}>
        <Form.Item
          name="projectId"
          label={t('portal.shared.project')}
          rules={[rules.chosen(t('portal.shared.project'))]}
        >
          <ProjectSelect
            data-testid={`${testId}-project`}
            onChange={() => form.setFieldValue('siteId', undefined)}
          />
        </Form.Item>
      </Col>
      {site && (
        <Col span={8}>
          <Form.Item
            name="siteId"
            label={t('portal.shared.site')}
            rules={[rules.chosen(t('portal.shared.site'))]}
          >
            <Select
              data-testid={`${testId}-site`}
              options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
