import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_SHORT, LANGUAGES } from '../../locales';

/**
 * CN, US, HK switcher (a segmented control: light enough for /login); the choice is kept in
 * local storage `lang` and switches i18next, antd and dayjs together.
 */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('layout.language')}
      data-testid="lang-switch"
      value={i18n.language}
      onChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      options={LANGUAGES.map((code) => ({
        value: code,
        label: LANGUAGE_SHORT[code],
        title: t(`lang.${code}`),
      }))}
    />
  );
}
