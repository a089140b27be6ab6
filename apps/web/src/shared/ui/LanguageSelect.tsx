import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, SUPPORTED_LANGUAGES, type Language } from '@shop/contract/languages';
import { changeLanguage } from '../i18n/i18n';
import { patchClientState } from '../store/client-store';
import { showToast } from './toast';

/** The language dropdown: all 22 languages by their native names; the switch applies at once and is remembered. */
export function LanguageSelect({ value, className }: { value: Language; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function choose(language: Language) {
    setBusy(true);
    try {
      await changeLanguage(language);
      patchClientState({ language });
    } catch {
      showToast(t('error.request', { message: LANGUAGE_NATIVE_NAMES[language] }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className={`shop-language ${className ?? ''}`}>
      <label htmlFor={id} className="shop-visually-hidden">
        {t('common.language')}
      </label>
      <svg className="shop-language__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.6 8.4 6.8 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        id={id}
        className="shop-language__select"
        value={value}
        disabled={busy}
        data-testid="language-select"
        onChange={(event) => void choose(event.target.value as Language)}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code.replace('_', '-')}>
            {LANGUAGE_NATIVE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
