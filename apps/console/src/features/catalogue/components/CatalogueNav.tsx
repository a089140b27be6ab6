import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const SECTIONS = ['products', 'games', 'channels', 'transfer'] as const;

/** The catalogue's sections as tabs (each is a route of its own: /catalogue/products, /games, /channels, /transfer). */
export function CatalogueNav() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = SECTIONS.find((section) => pathname.includes(`/catalogue/${section}`)) ?? 'products';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(`/catalogue/${key}`)}
      items={SECTIONS.map((section) => ({ key: section, label: <span data-testid={`catalogue-tab-${section}`}>{t(`nav.${section}`)}</span> }))}
    />
  );
}
