import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherHistoryEntry } from '@shop/contract/voucher-history';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatNumber } from '../../../shared/lib/format';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useVoucherHistory } from '../api/get-voucher-history';
import './voucher.css';

const KIND_LABELS: Record<VoucherHistoryEntry['kind'], string> = {
  purchase: 'voucherHistory.kind.purchase',
  spend: 'voucherHistory.kind.spend',
  spend_reversal: 'voucherHistory.kind.spendReversal',
  refund: 'voucherHistory.kind.refund',
  adjustment: 'voucherHistory.kind.adjustment',
};

/** The game account's voucher ledger: bought packs, spends in the game (with the item), reversals, refunds and customer service's adjustments. */
export default function VoucherHistoryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const history = useVoucherHistory(language);
  const dates = new Intl.DateTimeFormat(language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });

  useEffect(() => {
    document.title = t('voucherHistory.title');
  }, [t]);

  const data = history.data;
  return (
    <div className="vh">
      <PageHeader title={t('voucherHistory.title')} back="/voucher?from=close" />
      <main className="vh-main" aria-busy={history.isFetching}>
        {data && (
          <p className="vh-balance" data-testid="voucher-balance">
            {t('voucherHistory.balance', { count: data.balance })}
          </p>
        )}
        {!data ? (
          history.error ? (
            <div className="vp-failed" role="alert">
              <p>{t('common.loadFailed')}</p>
              <button type="button" className="shop-button" onClick={() => void history.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : null
        ) : data.list.length === 0 ? (
          <NotFoundBlock testId="voucher-history-empty" />
        ) : (
          <ul className="vh-list">
            {data.list.map((entry) => (
              <li key={entry.id} className="vh-entry" data-testid="voucher-entry">
                <div className="vh-entry__what">
                  <span className="vh-entry__kind">{t(KIND_LABELS[entry.kind])}</span>
                  <span className="vh-entry__detail">{entry.itemName ?? (entry.orderSn ? t('voucherHistory.order', { orderSn: entry.orderSn.slice(12) }) : '')}</span>
                  <time className="vh-entry__time" dateTime={entry.createdAt}>
                    {dates.format(new Date(entry.createdAt))}
                  </time>
                </div>
                <div className="vh-entry__amounts">
                  <span className={`vh-entry__amount vh-entry__amount--${entry.amount > 0 ? 'in' : 'out'}`} data-testid="voucher-amount">
                    {entry.amount > 0 ? '+' : '−'}
                    {formatNumber(Math.abs(entry.amount), language)}
                  </span>
                  <span className="vh-entry__after">{t('voucherHistory.after', { balance: formatNumber(entry.balanceAfter, language) })}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
