import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { backToShopPath, myOrderPath, type PaymentOrigin } from '../../../shared/payment/paths';

/** The two ways on from a payment result: back to the shop the payment started from, or My Order. */
export function PaymentResultActions({ from }: { from: PaymentOrigin }) {
  const { t } = useTranslation();
  return (
    <div className="pay-actions">
      <Link to={backToShopPath(from)} className="shop-button shop-button--primary shop-button--block" data-testid="back-to-shop">
        {from === 'shop' ? t('payment.backToShop') : t('payment.backToVoucher')}
      </Link>
      <Link to={myOrderPath(from)} className="shop-button shop-button--block" data-testid="to-my-order">
        {t('payment.myOrder')}
      </Link>
    </div>
  );
}
