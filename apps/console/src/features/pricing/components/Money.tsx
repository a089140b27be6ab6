import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLocalMoney } from '../lib/money';

/** A price as the player sees it: the discount price, with the full price struck through when the discount is lower. */
export function Money({ currency, priceMinor, discountPriceMinor }: { currency: string; priceMinor: number; discountPriceMinor: number }) {
  const { i18n } = useTranslation();
  const format = (minor: number) => formatLocalMoney(minor, currency, i18n.language);
  return (
    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
      {discountPriceMinor < priceMinor && <Typography.Text delete type="secondary">{format(priceMinor)}</Typography.Text>}
      <span>{format(discountPriceMinor)}</span>
    </Space>
  );
}
