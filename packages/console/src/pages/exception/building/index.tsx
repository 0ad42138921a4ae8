import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Honest placeholder for routes whose page arrives with a later issue: no fake data. */
export default function BuildingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = t(`menu.${pathname}`, { defaultValue: pathname });
  return (
    <Result
      status="info"
      title={t('building.title')}
      subTitle={t('building.subtitle', { page })}
      data-testid="page-building"
    />
  );
}
