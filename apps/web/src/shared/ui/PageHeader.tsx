import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { backTarget, hasPreviousAppEntry, type BackTarget } from '../lib/back-navigation';

/**
 * Title bar with a back link. (antd-mobile's NavBar renders its back control as a div without keyboard support, so the
 * shop uses a real link styled the same way.)
 *
 * `back`: omitted, the spec's back rule for the current route decides (`lib/back-navigation.ts`); a path, for the voucher
 * flow's screens whose way back depends on how they were opened (their query or order); false, no back control.
 */
export function PageHeader({ title, back }: { title: string; back?: string | false }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const target: BackTarget = typeof back === 'string' ? { kind: 'fixed', to: back } : backTarget(pathname, search);

  const stepBack = (event: React.MouseEvent) => {
    if (target.kind !== 'history' || !hasPreviousAppEntry()) return; // the link itself replaces this screen with its target
    event.preventDefault();
    void navigate(-1);
  };

  return (
    <header className="shop-navbar">
      {back !== false && (
        <Link
          to={target.kind === 'fixed' ? target.to : target.fallback}
          replace
          onClick={stepBack}
          className="shop-navbar__back"
          aria-label={t('common.back')}
          data-testid="back"
        >
          <span aria-hidden="true">‹</span>
        </Link>
      )}
      <h1 className="shop-navbar__title">{title}</h1>
    </header>
  );
}
