import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import Badge from 'antd-mobile/es/components/badge';
import { getConfig } from '../config/runtime-config';
import { badgeText } from '../lib/badge';
import { useClientStore } from '../store/client-store';
import './main-layout.css';

interface Tab {
  to: string;
  label: string;
  icon: string;
  testId: string;
}

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
    { to: '/home', label: t('tabbar.shop'), icon: '🛍', testId: 'tab-shop' },
    { to: '/role', label: t('tabbar.account'), icon: '🎮', testId: 'tab-account' },
    ...(cartOn ? [{ to: '/shoppingCart', label: t('tabbar.cart'), icon: '🛒', testId: 'tab-cart' }] : []),
    { to: '/my', label: t('tabbar.profile'), icon: '👤', testId: 'tab-profile' },
  ];
  return (
    <nav className="shop-tabbar" aria-label={t('tabbar.label')} data-testid="tab-bar">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="shop-tabbar__tab" data-testid={tab.testId} end>
          <span className="shop-tabbar__icon" aria-hidden="true">
            {tab.testId === 'tab-cart' ? (
              <Badge content={badge ?? undefined}>
                {tab.icon}
              </Badge>
            ) : (
              tab.icon
            )}
          </span>
          <span className="shop-tabbar__label">{tab.label}</span>
          {tab.testId === 'tab-cart' && (
            <span className="shop-visually-hidden" data-testid="cart-badge" data-badge={badge ?? ''}>
              {badge ? t('tabbar.cartCount', { count: badge }) : ''}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
