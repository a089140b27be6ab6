import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { instructionsBackPath, openedFromShop } from '../lib/back-path';
import './voucher.css';

export default function VoucherInstructionsPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const from = query.get('from');
  const back = instructionsBackPath(from);

  useEffect(() => {
    document.title = t('instructions.title');
  }, [t]);

  return (
    <div className="vp vp--plain">
      <PageHeader title={t('instructions.title')} back={back} />
      <main className="vp-main vp-instructions">
        <section className="vp-section">
          <h2 className="vp-section__title">{t('instructions.whatTitle')}</h2>
          <p>{t('instructions.what')}</p>
          <p>{t('instructions.cash')}</p>
        </section>
        <section className="vp-section">
          <h2 className="vp-section__title">{t('instructions.useTitle')}</h2>
          <p>{t('instructions.spend')}</p>
          <p>{t('instructions.buttons')}</p>
        </section>
        <section className="vp-section">
          <h2 className="vp-section__title">{t('instructions.examplesTitle')}</h2>
          <ul className="vp-examples">
            <li>{t('instructions.example30', { count: 499 })}</li>
            <li>{t('instructions.example365', { count: 4999 })}</li>
          </ul>
        </section>
        <p className="vp-ios" role="note">
          {t('voucher.iosHint')}
        </p>
        <Link to={back} className="shop-button shop-button--primary shop-button--block" data-testid="instructions-back">
          {openedFromShop(from) ? t('payment.backToShop') : t('instructions.back')}
        </Link>
      </main>
    </div>
  );
}
