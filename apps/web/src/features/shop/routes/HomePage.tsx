import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { useShopCountry } from '../../../shared/pricing/use-shop-country';
import { pickCurrentRole } from '../../../shared/roles/current-role';
import { shopAppId } from '../../../shared/roles/bound-roles';
import { useBoundRoles } from '../../../shared/roles/get-bound-roles';
import { patchClientState } from '../../../shared/store/client-store';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { TabBar } from '../../../shared/ui/TabBar';
import { TaxNote } from '../../../shared/ui/TaxNote';
import { useProducts } from '../api/get-products';
import { AccountChip } from '../components/AccountChip';
import { ProductCard } from '../components/ProductCard';
import { HOME_TABS, VOUCHER_PAGE_PATH, productPath, tabFromQuery, tabOf } from '../lib/home-tabs';
import { GoodsType } from '@shop/contract/catalog';
import './shop.css';

/** The shop: tabs vouchers, gems, VIP and other with their descriptions, the web-only free items, the price hints. */
export default function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useSearchParams();
  const tab = tabFromQuery(query.get('tab'));
  const roles = useBoundRoles(language);
  const current = pickCurrentRole(roles.data);
  const appId = roles.isPending ? null : shopAppId(current);
  const { goodsType, categoryId } = tabOf(tab);
  // prices in the account's country (ADR 0050)
  const country = useShopCountry();
  const products = useProducts(appId, goodsType, country, language);
  const gifts = useProducts(appId, GoodsType.FREE, country, language);
  // a country's products share its tax: one note for the list
  const taxed = products.data?.find((product) => product.taxIncluded);

  useEffect(() => {
    document.title = t('shop.title');
  }, [t]);
  useEffect(() => {
    if (categoryId) patchClientState({ mainCategoryId: categoryId });
  }, [categoryId]);

  function chooseTab(key: string) {
    const next = new URLSearchParams(query);
    next.set('tab', key);
    setQuery(next, { replace: true });
  }

  const list = products.data;
  // Until the first product list is in, nothing is drawn below the tab's description: drawn above the empty grid, the
  // price hint, the free items and the contact bar would jump down when it fills (a layout shift the player sees).
  const [listShown, setListShown] = useState(false);
  if (!listShown && (list !== undefined || products.error)) setListShown(true);
  return (
    <div className="sh">
      <header className="sh-header">
        <h1 className="sh-header__title">{t('shop.title')}</h1>
        <LanguageSelect value={language} className="shop-language--light" />
      </header>
      <AccountChip role={current} loading={roles.isPending} appId={appId} />
      <TabBar
        items={HOME_TABS.map((item) => ({ key: item.key, title: t(`shop.tab.${item.key}`), testId: `home-tab-${item.key}` }))}
        activeKey={tab}
        onChange={chooseTab}
        className="sh-tabs"
        testId="home-tabs"
        stretch
      />
      <main className="sh-main">
        <p className="sh-desc" data-testid="tab-description">
          {t(`shop.tabDesc.${tab}`)}
        </p>
        {!listShown ? (
          <div className="sh-pending" aria-busy="true" />
        ) : (
          <>
            {list && list.length === 0 ? (
              <NotFoundBlock />
            ) : (
              <div className="sh-grid" aria-busy={products.isFetching}>
                {(list ?? []).map((product) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    language={language}
                    to={product.goodsType === GoodsType.VOUCHER ? VOUCHER_PAGE_PATH : productPath(product)}
                  />
                ))}
              </div>
            )}
            {products.error && !list && (
              <button type="button" className="shop-button" onClick={() => void products.refetch()}>
                {t('common.retry')}
              </button>
            )}
            <p className="sh-hint">
              {t('shop.priceHint')}
              {taxed && <TaxNote taxIncluded={taxed.taxIncluded} taxRateBp={taxed.taxRateBp} language={language} />}
            </p>

            <section className="sh-free" aria-labelledby="sh-free-title" data-testid="free-section">
              <h2 id="sh-free-title" className="sh-free__title">
                {t('shop.freeTitle')}
              </h2>
              <p className="sh-desc">{t('shop.freeDesc')}</p>
              {gifts.data && gifts.data.length === 0 ? (
                <p className="shop-muted">{t('shop.noFreeItems')}</p>
              ) : (
                <div className="sh-grid">
                  {(gifts.data ?? []).map((gift) => (
                    <ProductCard key={gift.id} product={gift} language={language} to={productPath(gift)} badge={t('shop.free')} />
                  ))}
                </div>
              )}
            </section>
          </>
        )}
      </main>
    </div>
  );
}
