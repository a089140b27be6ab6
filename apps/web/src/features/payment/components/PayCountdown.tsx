import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft } from '../lib/countdown';

/** "Pay within mm:ss" until the unpaid order expires; calls onExpired once when the time has run out. */
export function PayCountdown({ expireTime, onExpired }: { expireTime: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  const left = secondsLeft(expireTime, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onExpired();
    }
  }, [left, onExpired]);

  if (left === null) return null;
  return (
    <p className="po-countdown" role="timer" aria-live="off" data-testid="pay-countdown">
      {t('purchase.payWithin', { time: formatCountdown(left) })}
    </p>
  );
}
