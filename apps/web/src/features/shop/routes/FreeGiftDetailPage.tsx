import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GoodsType } from '@shop/contract/catalog';
import { loginPathReturningTo } from '../../../shared/auth/login-return';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { pickCurrentRole } from '../../../shared/roles/current-role';
import { useBoundRoles } from '../../../shared/roles/get-bound-roles';
import { readToken } from '../../../shared/storage/token';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { claimGift } from '../api/claim-gift';
import { useProduct } from '../api/get-product';
import { productPath } from '../lib/home-tabs';
import './shop.css';

/**
 * A web-only free item: "Go to claim" delivers it to the current game account, once per account; the page then says
 * "Rewards claimed successfully". A guest is asked to log in first.
 */
export default function FreeGiftDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const loggedIn = readToken() !== null;
  const roles = useBoundRoles(language, { enabled: loggedIn });
  const role = pickCurrentRole(roles.data);
  const waitingForRole = loggedIn && roles.isPending;
  // a gift costs nothing in every country: asked for without one (a guest has no account country)
  const detail = useProduct(id, undefined, language, { gameAccountId: role?.id, enabled: valid && !waitingForRole });
  const gift = detail.data;
  const [claimed, setClaimed] = useState(false);
  const [busy, setBusy] = useState(false);
  const done = claimed || gift?.claimed === true;

  useEffect(() => {
    document.title = gift?.productName ?? t('gift.title');
  }, [t, gift?.productName]);
  useEffect(() => {
    if (gift && gift.goodsType !== GoodsType.FREE) void navigate(productPath(gift), { replace: true });
  }, [gift, navigate]);

  async function claim() {
    if (!readToken()) {
      showToast(t('gift.loginFirst'));
      void navigate(loginPathReturningTo(location.pathname + location.search));
      return;
    }
    if (!role) {
      showToast(t('shop.bindFirst'));
      return;
    }
    setBusy(true);
    try {
      await claimGift(id, role.id);
      setClaimed(true);
      showToast(t('gift.claimed'));
    } catch {
      // the API client has shown the server's reason (already claimed, not free...)
      void detail.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sh">
      <PageHeader title={t('gift.title')} />
      {!gift ? (
        !valid || (detail.error && !detail.isFetching) ? <NotFoundBlock testId="gift-not-found" /> : null
      ) : (
        <main className="sh-detail" data-testid="gift-detail" data-claimed={done}>
          <div className="sh-detail__thumb">
            {gift.thumbnail ? <img src={gift.thumbnail} alt="" width={120} height={120} /> : <span aria-hidden="true">🎁</span>}
          </div>
          <h2 className="sh-detail__name" data-testid="product-name">
            {gift.productName}
          </h2>
          <p className="sh-card__free">{t('shop.free')}</p>
          <p className="sh-detail__desc">{gift.productDesc}</p>
          <p className="sh-hint">{t('gift.oncePerAccount')}</p>
          {role && (
            <p className="sh-detail__meta" data-testid="gift-account">
              {t('gift.deliverTo', { name: role.roleName, server: role.serverName })}
            </p>
          )}
          {loggedIn && roles.data && !role && (
            <Link to="/role" className="shop-button shop-button--block">
              {t('shop.bindFirst')}
            </Link>
          )}
          {done ? (
            <p className="sh-claimed" role="status" data-testid="gift-claimed">
              ✓ {t('gift.claimed')}
            </p>
          ) : (
            <button
              type="button"
              className="shop-button shop-button--primary shop-button--block"
              onClick={() => void claim()}
              disabled={busy || (loggedIn && !role)}
              aria-busy={busy}
              data-testid="claim-gift"
            >
              {t('gift.goToClaim')}
            </button>
          )}
        </main>
      )}
    </div>
  );
}
