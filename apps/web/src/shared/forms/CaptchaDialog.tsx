import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TRACK_MAX, type CaptchaChallenge } from '@shop/contract/verification';
import { showToast } from '../ui/toast';
import { checkCaptcha, fetchCaptcha } from './verification-api';
import { clampOffset, sliderToX } from './captcha';
import './forms.css';

const HANDLE = 44;
const MAX_WIDTH = 300;

/** The slide puzzle (generated and checked by the server): on success it hands over the one-time bot-check token. */
export function CaptchaDialog({ onSolved, onClose }: { onSolved: (botCheckToken: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startT: number; offset: number; points: { x: number; t: number }[] } | undefined>(undefined);

  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCaptcha().then(
      (next) => live && setChallenge(next),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [round, onClose]);

  const load = () => {
    setOffset(0);
    setChallenge(undefined);
    setRound((value) => value + 1);
  };

  const scale = challenge ? Math.min(1, MAX_WIDTH / challenge.width) : 1;
  const trackWidth = challenge ? challenge.width * scale : MAX_WIDTH;
  const x = challenge ? sliderToX(offset, trackWidth, HANDLE, challenge.width, challenge.pieceSize) : 0;

  const onPointerDown = (event: React.PointerEvent<HTMLButtonElement>) => {
    if (!challenge || busy) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX - offset, startT: performance.now(), offset, points: [] };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || !challenge) return;
    const next = clampOffset(event.clientX - state.startX, trackWidth, HANDLE);
    state.offset = next;
    setOffset(next);
    if (state.points.length < CAPTCHA_TRACK_MAX) {
      state.points.push({ x: sliderToX(next, trackWidth, HANDLE, challenge.width, challenge.pieceSize), t: Math.round(performance.now() - state.startT) });
    }
  };
  const onPointerUp = () => {
    const state = drag.current;
    drag.current = undefined;
    if (!state || !challenge) return;
    setBusy(true);
    // the last move may not have rendered yet: the position comes from the drag itself
    const x = sliderToX(state.offset, trackWidth, HANDLE, challenge.width, challenge.pieceSize);
    checkCaptcha({ captchaId: challenge.captchaId, x, track: state.points.length ? state.points : undefined })
      .then(
        (answer) => {
          showToast(t('auth.captchaOk'));
          onSolved(answer.botCheckToken);
        },
        // the client already showed "Verification failed, please try again.": the puzzle is used up, take a new one
        () => load(),
      )
      .finally(() => setBusy(false));
  };

  return (
    <div className="form-mask" role="presentation">
      <div className="form-captcha" role="dialog" aria-modal="true" aria-label={t('auth.captchaTitle')} data-testid="captcha">
        <div className="form-captcha__head">
          <span>{t('auth.captchaTitle')}</span>
          <button type="button" className="form-captcha__close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="form-captcha__image" style={{ width: trackWidth, height: challenge ? challenge.height * scale : 150 }}>
          {challenge && (
            <>
              <img src={challenge.backgroundImage} alt="" width={challenge.width * scale} height={challenge.height * scale} draggable={false} />
              <img
                className="form-captcha__piece"
                src={challenge.pieceImage}
                alt=""
                draggable={false}
                data-testid="captcha-piece"
                style={{ left: x * scale, top: challenge.pieceY * scale, width: challenge.pieceSize * scale, height: challenge.pieceSize * scale }}
              />
            </>
          )}
        </div>
        <div className="form-captcha__track" ref={trackRef} style={{ width: trackWidth }}>
          <span className="form-captcha__hint">{t('auth.captchaHint')}</span>
          <button
            type="button"
            className="form-captcha__handle"
            data-testid="captcha-handle"
            aria-label={t('auth.captchaHint')}
            disabled={!challenge || busy}
            style={{ left: offset, width: HANDLE }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            ⇢
          </button>
        </div>
      </div>
    </div>
  );
}
