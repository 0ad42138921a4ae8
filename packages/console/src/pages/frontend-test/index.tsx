import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

function storageWorks(): boolean {
  try {
    localStorage.setItem('__probe', '1');
    localStorage.removeItem('__probe');
    return true;
  } catch {
    return false;
  }
}

/** Login-free page to check a workstation's browser (storage, cookies, language). */
export default function FrontendTestPage() {
  const { t, i18n } = useTranslation();
  const state = (ok: boolean) => (
    <Tag color={ok ? 'success' : 'error'}>{ok ? t('frontendTest.ok') : t('frontendTest.fail')}</Tag>
  );
  return (
    <Card title={t('frontendTest.title')} style={{ maxWidth: 720, margin: '40px auto' }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('frontendTest.browser')}>{navigator.userAgent}</Descriptions.Item>
        <Descriptions.Item label={t('frontendTest.language')}>{i18n.language}</Descriptions.Item>
        <Descriptions.Item label={t('frontendTest.storage')}>{state(storageWorks())}</Descriptions.Item>
        <Descriptions.Item label={t('frontendTest.cookie')}>
          {state(navigator.cookieEnabled)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
