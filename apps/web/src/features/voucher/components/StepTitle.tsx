import { useTranslation } from 'react-i18next';

/** A numbered step's heading on the voucher page (issue 14): "① Choose vouchers", "② Choose payment". */
export function StepTitle({ id, step, title }: { id: string; step: number; title: string }) {
  const { t } = useTranslation();
  return (
    <h2 id={id} className="vp-section__title vp-step" data-testid={`step-${step}`}>
      <span className="vp-step__number" aria-hidden="true">
        {step}
      </span>
      <span className="shop-visually-hidden">{t('look.step.label', { number: step })}: </span>
      <span className="vp-step__title">{title}</span>
    </h2>
  );
}
