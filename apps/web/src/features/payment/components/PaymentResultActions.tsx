import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { canPayAgain, payAgainPath } from '../../../shared/orders/pay-again';
import { backToShopPath, myOrderPath, type PaymentOrigin } from '../../../shared/payment/paths';

/**
 * The ways on from a payment result. In the browser that started the payment (it has the session): back to the shop
 * the payment started from, or My Order. In another one (a game's web view handed the checkout to the system browser):
 * back to the game, or to the shop. A page cannot open the game app, so "back to the game" closes this page where the
 * browser allows it and otherwise says to switch back to the game. `order`: an order the player may pay again (unpaid
 * or declined), with the session.
 */
export function PaymentResultActions({
  from,
  session,
  order,
}: {
  from: PaymentOrigin;
  session: boolean;
  order?: { id: number; status: number };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [closeRefused, setCloseRefused] = useState(false);
  const [reordering, setReordering] = useState(false);

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
  /** To a payable order: this one while unpaid, a new one for the same goods after a declined payment. */
  async function payAgain(again: { id: number; status: number }) {
    setReordering(true);
    try {
      void navigate(await payAgainPath(again));
    } catch {
      // the API client has told the player why not
    } finally {
      setReordering(false);
    }
  }

  const offerPayAgain = order !== undefined && canPayAgain(order.status);
  return (
    <div className="pay-actions">
      {offerPayAgain && (
        <button
          type="button"
          className="shop-button shop-button--primary shop-button--block"
          disabled={reordering}
          aria-busy={reordering}
          onClick={() => void payAgain(order)}
          data-testid="pay-again"
        >
          {t('result.tryAgain')}
        </button>
      )}
      <Link
        to={backToShopPath(from)}
        className={`shop-button shop-button--block${offerPayAgain ? '' : ' shop-button--primary'}`}
        data-testid="back-to-shop"
      >
        {from === 'shop' ? t('payment.backToShop') : t('payment.backToVoucher')}
      </Link>
      <Link to={myOrderPath(from)} className="shop-button shop-button--block" data-testid="to-my-order">
        {t('payment.myOrder')}
      </Link>
    </div>
  );
}
