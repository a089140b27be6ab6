import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { backToShopPath, myOrderPath, type PaymentOrigin } from '../../../shared/payment/paths';

/**
 * The ways on from a payment result. In the browser that started the payment (it has the session): back to the shop
 * the payment started from, or My Order. In another one (a game's web view handed the checkout to the system browser):
 * back to the game, or to the shop. A page cannot open the game app, so "back to the game" closes this page where the
 * browser allows it and otherwise says to switch back to the game.
 */
export function PaymentResultActions({ from, session }: { from: PaymentOrigin; session: boolean }) {
  const { t } = useTranslation();
  const [closeRefused, setCloseRefused] = useState(false);

  if (!session) {
    const backToGame = () => {
      window.close();
      // still here: the browser keeps pages it did not open by script
      setTimeout(() => setCloseRefused(true), 300);
    };
    return (
      <div className="pay-actions">
        <button type="button" className="shop-button shop-button--primary shop-button--block" onClick={backToGame} data-testid="back-to-game">
          {t('payment.backToGame')}
        </button>
        {closeRefused && (
          <p className="pay-result__text" role="status" data-testid="back-to-game-hint">
            {t('payment.backToGameHint')}
          </p>
        )}
        <Link to="/home" className="shop-button shop-button--block" data-testid="to-shop">
          {t('payment.backToShop')}
        </Link>
      </div>
    );
  }
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
