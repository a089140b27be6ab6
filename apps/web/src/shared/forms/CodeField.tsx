import { useTranslation } from 'react-i18next';
import { CodeButton, type CodeTarget } from './CodeButton';
import { TextField } from './Fields';

/** The verification code's field with its "get code" button: what every form that sends a code shows. */
export function CodeField({
  value,
  onChange,
  target,
  onInvalid,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Where the code goes, or the message key of what is wrong with it. */
  target: () => CodeTarget | string;
  /** A message key ('' once the target is fine). */
  onInvalid: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      testId="code"
      value={value}
      onChange={onChange}
      addon={<CodeButton target={target} onInvalid={onInvalid} />}
    />
  );
}
