import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setConsoleLanguage, type ConsoleLanguage } from '../i18n/i18n';

/** English or Simplified Chinese, each named in its own language; the choice is kept in this browser. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<ConsoleLanguage>
      size="small"
      value={i18n.language === 'zh' ? 'zh' : 'en'}
      options={[
        { label: 'English', value: 'en' },
        { label: '简体中文', value: 'zh' },
      ]}
      onChange={(language) => setConsoleLanguage(language)}
      data-testid="language-switch"
    />
  );
}
