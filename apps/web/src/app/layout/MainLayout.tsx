import { Outlet } from 'react-router';
import { ContactBar } from '../../shared/ui/ContactBar';
import { MainTabBar } from '../../shared/ui/MainTabBar';

/**
 * The main screens (Shop /home, Account /role, Cart /shoppingCart, Profile /my): the screen, the contact bar under it,
 * and the bottom tab bar. Other screens (details, settlement, orders...) have a back button instead.
 */
export default function MainLayout() {
  return (
    <div className="shop-main">
      <div className="shop-main__screen">
        <Outlet />
        <ContactBar />
      </div>
      <MainTabBar />
    </div>
  );
}
