import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('exception.forbidden')}
      extra={
        <Link to="/">
          <Button type="primary">{t('exception.back')}</Button>
        </Link>
      }
    />
  );
}
