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
      <span className="shop-language__icon" aria-hidden="true">
        🌐
      </span>
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
