import { Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRecordId } from '../../../components/FormPage';
import { ApplicationView } from '../../../components/UserApplication';
import { useEndpointQuery } from '../../../services/query';
import { ApplicationAuditActions } from '../user-apply-audit/AuditActions';

/** /project/apply-account?id=: one account application for staff, with pass and reject when allowed. */
export default function ProjectApplyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRecordId() ?? 0;
  const valid = Number.isInteger(id) && id > 0;
  const query = useEndpointQuery(
    (c) => c.accountApplication.staffGet,
    { params: { id: valid ? id : 0 } },
    { enabled: valid },
  );
  const detail = query.data?.data;

  if (!valid || query.isError) return <Result status="404" title={t('portalAdmin.application.notFound')} />;
  if (!detail) return <Spin />;
  return (
    <Card
      title={t('portalAdmin.application.detail')}
      extra={
        <Space>
          <ApplicationAuditActions row={detail} onDone={() => void query.refetch()} />
          <Button onClick={() => navigate('/project/user-apply')}>{t('portalAdmin.shared.back')}</Button>
        </Space>
      }
    >
      <ApplicationView detail={detail} />
    </Card>
  );
}
