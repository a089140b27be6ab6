import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { TaxNote } from '../../../shared/ui/TaxNote';
import { BottomBar } from '../components/BottomBar';
import { PayChannelList } from '../components/PayChannelList';
import { PlayerHeader } from '../components/PlayerHeader';
import { RegionSelect } from '../components/RegionSelect';
import { StepTitle } from '../components/StepTitle';
import { VoucherGrid } from '../components/VoucherGrid';
import { useVoucherPage } from '../hooks/useVoucherPage';
import './voucher.css';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="vp-failed" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="shop-button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

function GridSkeleton({ count, className }: { count: number; className: string }) {
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="shop-skeleton vp-skeleton" />
      ))}
    </div>
  );
}

export default function VoucherPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = useVoucherPage(language);
  // a country's packs share its tax: one note for the list
  const taxed = page.vouchers?.find((voucher) => voucher.taxIncluded);

  useEffect(() => {
    document.title = page.user?.gameRole?.gameName
      ? `${page.user.gameRole.gameName} · ${t('voucher.title')}`
      : t('voucher.title');
  }, [page.user, t]);

  return (
    <div className="vp">
      <PlayerHeader appId={page.appId} user={page.user} guest={page.guest} showServerName={page.showServerName} language={language} />

      <main className="vp-main">
        {page.login.error !== null && page.login.error !== undefined && !page.loggedIn && (
          <div className="vp-failed" role="alert" data-testid="login-failed">
            <p>{t('voucher.loginFailed')}</p>
            <button type="button" className="shop-button" onClick={page.login.reload}>
              {t('common.retry')}
            </button>
          </div>
        )}

        <nav className="vp-links" aria-label={t('voucher.links')}>
          <Link to="/voucher/OrderHistory" className="vp-link" data-testid="order-history-link" title={t('voucher.orderHistory')}>
            {t('look.link.orders')}
          </Link>
          <Link to="/voucher/history" className="vp-link" data-testid="voucher-history-link" title={t('voucherHistory.title')}>
            {t('look.link.vouchers')}
          </Link>
          <Link to="/voucher-instructions?from=voucher" className="vp-link" data-testid="instructions-link" title={t('voucher.instructions')}>
            {t('look.link.guide')}
          </Link>
        </nav>
        {/* "the game account shown above" only when one is (or is on its way): a guest or a session without one is told less */}
        <p className="vp-readme" data-testid="voucher-readme">
          {t(page.guest || (page.user && !page.user.gameRole) ? 'voucher.readmeNoAccount' : 'voucher.readme')}
        </p>

        {page.ios && (
          <p className="vp-ios" role="note" data-testid="ios-hint">
            {t('voucher.iosHint')}
          </p>
        )}

        <section className="vp-section" aria-labelledby="vp-vouchers-title">
          <StepTitle id="vp-vouchers-title" step={1} title={t('look.step.vouchers')} />
          {page.vouchers === undefined ? (
            page.vouchersFailed ? (
              <LoadFailed onRetry={page.reloadVouchers} />
            ) : (
              <GridSkeleton count={6} className="vp-grid" />
            )
          ) : page.vouchers.length === 0 ? (
            <NotFoundBlock testId="vouchers-empty" />
          ) : (
            <VoucherGrid
              vouchers={page.vouchers}
              selectedId={page.voucher?.id ?? null}
              onSelect={page.chooseVoucher}
              language={language}
              disabled={page.ios}
            />
          )}
          <p className="vp-hint">
            {t('voucher.priceHint')}
            {taxed && <TaxNote taxIncluded={taxed.taxIncluded} taxRateBp={taxed.taxRateBp} language={language} />}
          </p>
        </section>

        <section className="vp-section" aria-labelledby="vp-channels-title">
          <div className="vp-section__head">
            <StepTitle id="vp-channels-title" step={2} title={t('look.step.payment')} />
            {page.region && (
              <RegionSelect
                region={page.region}
                countries={page.countries}
                language={language}
                onChange={page.chooseRegion}
              />
            )}
          </div>
          {page.channelsFailed ? (
            <LoadFailed onRetry={page.reloadChannels} />
          ) : page.channelsLoading ? (
            <GridSkeleton count={3} className="vp-channels" />
          ) : page.channels.length === 0 ? (
            <NotFoundBlock testId="channels-empty" />
          ) : (
            <PayChannelList
              channels={page.channels}
              selectedId={page.channel?.id ?? null}
              onSelect={page.chooseChannel}
              more={page.moreChannels}
              onMore={page.showMoreChannels}
            />
          )}
        </section>
      </main>

      <BottomBar
        voucher={page.voucher}
        channel={page.channel}
        charged={page.charged}
        language={language}
        canSubmit={page.canSubmit}
        submitting={page.submitting}
        onSubmit={() => void page.submit()}
      />
    </div>
  );
}
