import { useMemo, useState } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useTranslation } from 'react-i18next';
import { searchCountries, type PickerCountry } from '../lib/country-search';

/** CountryPicker's bottom popup (loaded on its first open): the search and the list of what it finds. */
export default function CountryPickerPopup({
  visible,
  title,
  value,
  options,
  showDialCode,
  testId,
  onClose,
  onPick,
}: {
  visible: boolean;
  title: string;
  value: string;
  options: readonly PickerCountry[];
  showDialCode: boolean;
  testId: string;
  onClose: () => void;
  onPick: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchCountries(options, query), [options, query]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setQuery('')}
      bodyClassName="country-popup"
      bodyStyle={{ height: '70vh' }}
    >
      <div role="dialog" aria-modal="true" aria-label={title} className="country-popup__inner" data-testid={`${testId}-popup`}>
        <header className="country-popup__head">
          <h2 className="country-popup__title">{title}</h2>
          <button type="button" className="country-popup__close" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </header>
        <SearchBar
          value={query}
          onChange={setQuery}
          placeholder={t('look.picker.search')}
          className="country-popup__search"
          data-testid={`${testId}-search`}
        />
        {found.length === 0 ? (
          <p className="country-popup__empty">{t('look.picker.empty')}</p>
        ) : (
          <ul className="country-popup__list" role="listbox" aria-label={title}>
            {found.map((option) => (
              <li key={option.code} role="presentation">
                <button
                  type="button"
                  role="option"
                  aria-selected={option.code === value}
                  className={`country-popup__option${option.code === value ? ' country-popup__option--selected' : ''}`}
                  data-testid={`${testId}-option`}
                  data-value={option.code}
                  onClick={() => onPick(option.code)}
                >
                  <span className="country-popup__name">{option.name}</span>
                  <span className="country-popup__code">
                    {showDialCode && option.dialCode ? `+${option.dialCode} · ${option.code}` : option.code}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popup>
  );
}
