import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const SECTIONS = ['countries', 'rates', 'products', 'transfer'] as const;

/** Local prices' sections as tabs (each a route of its own: /pricing/countries, /rates, /products, /transfer). */
export function PricingNav() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = SECTIONS.find((section) => pathname.includes(`/pricing/${section}`)) ?? 'countries';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(`/pricing/${key}`)}
      items={SECTIONS.map((section) => ({ key: section, label: <span data-testid={`pricing-tab-${section}`}>{t(`nav.${section}`)}</span> }))}
    />
  );
}
