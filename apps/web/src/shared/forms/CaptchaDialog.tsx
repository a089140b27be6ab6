import { useCallback, useEffect, useState } from 'react';
import type { CaptchaChallenge } from '@shop/contract/verification';
import { fetchCaptcha } from './verification-api';
import { CaptchaFrame } from './CaptchaFrame';
import { GeetestCaptcha } from './GeetestCaptcha';
import { SlidePuzzle } from './SlidePuzzle';

/**
 * The captcha the server is configured with (GeeTest v4, or the in-house slide puzzle outside production): on success
 * it hands over the one-time bot-check token.
 */
export function CaptchaDialog({ onSolved, onClose }: { onSolved: (botCheckToken: string) => void; onClose: () => void }) {
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const [provider, setProvider] = useState<CaptchaChallenge['provider']>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCaptcha().then(
      (next) => {
        if (!live) return;
        setChallenge(next);
        setProvider(next.provider);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [round, onClose]);

  const next = useCallback(() => {
    setChallenge(undefined);
    setRound((value) => value + 1);
  }, []);

  if (challenge?.provider === 'geetest') return <GeetestCaptcha challenge={challenge} onSolved={onSolved} onClose={onClose} />;
  if (provider === 'in-house') {
    const puzzle = challenge?.provider === 'in-house' ? challenge : undefined;
    return <SlidePuzzle challenge={puzzle} onSolved={onSolved} onMissed={next} onClose={onClose} />;
  }
  return <CaptchaFrame onClose={onClose} />;
}
