import { InputNumber } from 'antd';
import { minorDigits } from '../../../shared/ui/format';

interface MoneyInputProps {
  /** Integer minor units (cents), or null when empty. */
  value: number | null | undefined;
  onChange: (minor: number | null) => void;
  currency: string;
  testId?: string;
  placeholder?: string;
  status?: 'error';
  onBlur?: () => void;
}

/**
 * A price: the API and the database keep integer minor units; the operator types it with the currency's decimals
 * (4.99 USD, 500 JPY) and the form holds the minor units (499).
 */
export function MoneyInput({ value, onChange, currency, testId, placeholder, status, onBlur }: MoneyInputProps) {
  const digits = minorDigits(currency || 'USD');
  const scale = 10 ** digits;
  return (
    <InputNumber<number>
      value={value === null || value === undefined ? null : value / scale}
      onChange={(major) => onChange(major === null || major === undefined || Number.isNaN(major) ? null : Math.round(major * scale))}
      onBlur={onBlur}
      precision={digits}
      step={digits ? 0.01 : 1}
      style={{ width: 200 }}
      suffix={currency}
      placeholder={placeholder}
      status={status}
      data-testid={testId}
    />
  );
}
