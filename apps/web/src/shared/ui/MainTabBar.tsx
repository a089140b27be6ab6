import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { getConfig } from '../config/runtime-config';
import { badgeText } from '../lib/badge';
import { useClientStore } from '../store/client-store';
import './main-layout.css';

interface Tab {
  to: string;
  label: string;
  icon: keyof typeof ICONS;
  testId: string;
}

/** Line icons (24 x 24), drawn in the text colour: no icon font, no emoji that some devices lack. */
const ICONS = {
  shop: 'M6 8h12l-1 12H7L6 8zm3 0V6a3 3 0 0 1 6 0v2',
  account: 'M7 9h10a4 4 0 0 1 4 4v1a3 3 0 0 1-5.2 2H8.2A3 3 0 0 1 3 14v-1a4 4 0 0 1 4-4zm1 2v3m-1.5-1.5h3M15.5 12h.01M17.5 13.5h.01',
  cart: 'M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.7a1 1 0 0 0 1-.8L20 8H6.2M9 19.5a1 1 0 1 0 0 .01M17 19.5a1 1 0 1 0 0 .01',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
} as const;

const Icon = ({ name }: { name: keyof typeof ICONS }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={ICONS[name]} />
  </svg>
);

/**
 * The bottom tab bar of the main screens (spec section 2): Shop, Account, Cart (only with the cart feature on, with a
 * badge: nothing for 0, the count up to 99, 99+ above), Profile. Real links, so each tab works with a keyboard and a
 * screen reader (antd-mobile's TabBar renders divs).
 */
export function MainTabBar() {
  const { t } = useTranslation();
  const cartOn = getConfig().features.cart;
  const count = useClientStore((state) => state.cartCount);
  const badge = badgeText(count);
  const tabs: Tab[] = [
    { to: '/home', label: t('tabbar.shop'), icon: 'shop', testId: 'tab-shop' },
    { to: '/role', label: t('tabbar.account'), icon: 'account', testId: 'tab-account' },
    ...(cartOn ? [{ to: '/shoppingCart', label: t('tabbar.cart'), icon: 'cart' as const, testId: 'tab-cart' }] : []),
    { to: '/my', label: t('tabbar.profile'), icon: 'profile', testId: 'tab-profile' },
  ];
  return (
    <nav className="shop-tabbar" aria-label={t('tabbar.label')} data-testid="tab-bar">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="shop-tabbar__tab" data-testid={tab.testId} end>
          <span className="shop-tabbar__icon" aria-hidden="true">
            {tab.testId === 'tab-cart' ? (
              <span className="shop-tabbar__badged">
                <Icon name={tab.icon} />
                {badge && <span className="shop-tabbar__badge">{badge}</span>}
              </span>
            ) : (
              <Icon name={tab.icon} />
            )}
          </span>
          <span className="shop-tabbar__label">{tab.label}</span>
          {tab.testId === 'tab-cart' && (
            <span className="shop-visually-hidden" data-testid="cart-badge" data-badge={badge ?? ''}>
              {badge ? t('tabbar.cartCount', { badge }) : ''}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
