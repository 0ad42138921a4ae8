import { Button, Card, Result, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callEndpoint } from '../../../services/endpoint';
import type { ApplicationDetail } from '../../../services/portalAdmin';
import { ApplicationView } from '../../web/user-apply/parts';
import { ApplicationAuditActions } from '../user-apply-audit/AuditActions';

/** /project/apply-account?id=: one account application for staff, with pass and reject when allowed. */
export default function ProjectApplyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setFailed(true);
      return;
    }
    callEndpoint((c) => c.accountApplication.staffGet, { params: { id } })
      .then((r) => setDetail(r.data))
      .catch(() => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Result status="404" title={t('webAdmin.application.notFound')} />;
  if (!detail) return <Spin />;
  return (
    <Card
      title={t('webAdmin.application.detail')}
      extra={
        <Space>
          <ApplicationAuditActions row={detail} onDone={load} />
          <Button onClick={() => navigate('/project/user-apply')}>{t('webAdmin.common.back')}</Button>
        </Space>
      }
    >
      <ApplicationView detail={detail} />
    </Card>
  );
}
