import { lazy, Suspense, useId, useState } from 'react';
import type { PickerCountry } from '../lib/country-search';
import './country-picker.css';

// The popup (antd-mobile Popup and SearchBar, the list) loads on the first open: never part of a page's first load.
const CountryPickerPopup = lazy(() => import('./CountryPickerPopup'));

/**
 * A searchable picker of countries or regions instead of a native select of ~250 entries (issue 14): a button that
 * shows the choice and opens a bottom popup searched by name in the active language, by ISO code and by calling code.
 * Controlled (`value` / `onChange`), so it also works inside a form library's Controller.
 */
export function CountryPicker({
  label,
  value,
  options,
  onChange,
  showDialCode = false,
  testId,
  className,
  labelClassName,
  buttonClassName,
}: {
  label: string;
  value: string;
  options: readonly PickerCountry[];
  onChange: (code: string) => void;
  showDialCode?: boolean;
  testId: string;
  className?: string;
  labelClassName?: string;
  buttonClassName?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const selected = options.find((option) => option.code === value);
  const text = selected ? (showDialCode && selected.dialCode ? `${selected.name} (+${selected.dialCode})` : selected.name) : value;
  return (
    <div className={`country-picker ${className ?? ''}`}>
      <span id={`${id}-label`} className={labelClassName}>
        {label}
      </span>
      <button
        type="button"
        className={`country-picker__button ${buttonClassName ?? ''}`}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}-value`}
        data-testid={testId}
        data-value={value}
        data-count={options.length}
        disabled={options.length === 0}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span id={`${id}-value`} className="country-picker__value">
          {text}
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CountryPickerPopup
            visible={open}
            title={label}
            value={value}
            options={options}
            showDialCode={showDialCode}
            testId={testId}
            onClose={() => setOpen(false)}
            onPick={(code) => {
              setOpen(false);
              if (code !== value) onChange(code);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
