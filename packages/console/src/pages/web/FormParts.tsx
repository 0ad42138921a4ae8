import { Col, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portalApi } from './api';
import { rules } from './shared';

/**
 * Project and site selects of a form (fields `projectId`, `siteId`): only the projects and sites
 * in the user's scope; choosing another project clears the site.
 */
export function ProjectSiteFields({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const projectId = Form.useWatch<number | undefined>('projectId', form);
  const [projects, setProjects] = useState<Array<{ id: number; projectNo: string; name: string }>>([]);
  const [sites, setSites] = useState<Array<{ id: number; centerNo: string; name: string }>>([]);

  useEffect(() => {
    portalApi
      .projects({ page: 1, size: 100 })
      .then((r) => setProjects(r.data))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    setSites([]);
    if (!projectId) return;
    portalApi
      .sites(projectId)
      .then((r) => setSites(r.data))
      .catch(() => undefined);
  }, [projectId]);

  return (
    <>
      <Col span={8}>
        <Form.Item
          name="projectId"
          label={t('web.common.project')}
          rules={[rules.chosen(t, t('web.common.project'))]}
        >
          <Select
            data-testid={`${testId}-project`}
            options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
            onChange={() => form.setFieldValue('siteId', undefined)}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="siteId" label={t('web.common.site')} rules={[rules.chosen(t, t('web.common.site'))]}>
          <Select
            data-testid={`${testId}-site`}
            options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
          />
        </Form.Item>
      </Col>
    </>
  );
}
