import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { APP_CSS_VAR_KEY, DIALOG_BODY_MAX_HEIGHT } from './config';
import { antdLocale } from './locales';
import { AppRoutes } from './router/AppRoutes';
import { useSettings } from './stores/settings';
import { themeConfig } from './theme';
import { registerFeedback } from './utils/feedback';

/** Hands antd's context-aware message and modal APIs to code outside components. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

/** Dialogs scroll their body rather than grow past the window (ViewModal sizes its own). */
const DIALOG = { styles: { body: { maxHeight: DIALOG_BODY_MAX_HEIGHT, overflowY: 'auto' as const } } };

export function App() {
  const { i18n } = useTranslation();
  const mode = useSettings((s) => s.theme.mode);
  const color = useSettings((s) => s.theme.color);
  const animation = useSettings((s) => s.animation);
  // Loaded with the language (locales/index.ts) before i18next announces it.
  const locale = antdLocale(i18n.language);
  const themed = useMemo(() => themeConfig(mode, color, animation), [mode, color, animation]);

  return (
    <ConfigProvider
      locale={locale}
      theme={{
        ...themed,
        // A fixed key, shared with /login's static-styles provider: one set of theme variables.
        cssVar: { key: APP_CSS_VAR_KEY },
      }}
      modal={DIALOG}
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
