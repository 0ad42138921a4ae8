import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhHK from 'antd/locale/zh_HK';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router/AppRoutes';
import { useSettings } from './stores/settings';
import { registerFeedback } from './utils/feedback';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-HK': zhHK } as const;

/** Hands antd's context-aware message and modal APIs to code outside components. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const mode = useSettings((s) => s.theme.mode);
  const color = useSettings((s) => s.theme.color);
  const animation = useSettings((s) => s.animation);
  const locale = ANTD_LOCALES[i18n.language as keyof typeof ANTD_LOCALES] ?? zhCN;

  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: mode === 'night' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: color, motion: animation },
      }}
    >
      <AntApp>
        <FeedbackBridge />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
