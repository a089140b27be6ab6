import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TRACK_MAX, type InHouseCaptchaChallenge } from '@shop/contract/verification';
import { showToast } from '../ui/toast';
import { checkCaptcha } from './verification-api';
import { clampOffset, recordTrackPoint, sliderToX, type TrackPoint } from './captcha';
import { CaptchaFrame } from './CaptchaFrame';
import './forms.css';

const HANDLE = 44;
const MAX_WIDTH = 300;

/** A drag of the slider: where it began (client pixels, event time), where the handle is, and the track so far. */
interface Drag {
  startX: number;
  startY: number;
  startT: number;
  offset: number;
  track: TrackPoint[];
}

/**
 * The in-house slide puzzle (drawn and checked by the server; outside production only): on success it hands over the
 * one-time bot-check token, on a miss it asks for a new puzzle (`challenge` is undefined until it arrives).
 */
export function SlidePuzzle({
  challenge,
  onSolved,
  onMissed,
  onClose,
}: {
  challenge: InHouseCaptchaChallenge | undefined;
  onSolved: (botCheckToken: string) => void;
  onMissed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const drag = useRef<Drag | undefined>(undefined);

  const scale = challenge ? Math.min(1, MAX_WIDTH / challenge.width) : 1;
  const trackWidth = challenge ? challenge.width * scale : MAX_WIDTH;
  const x = challenge ? sliderToX(offset, trackWidth, HANDLE, challenge.width, challenge.pieceSize) : 0;

  /** The real pointer sample as the server scores it: piece position and vertical drift in background pixels, ms since the drag began. */
  const record = (state: Drag, handleOffset: number, clientY: number, timeStamp: number) => {
    if (!challenge) return;
    recordTrackPoint(
      state.track,
      {
        x: sliderToX(handleOffset, trackWidth, HANDLE, challenge.width, challenge.pieceSize),
        y: Math.round((clientY - state.startY) / scale),
        t: Math.max(0, Math.round(timeStamp - state.startT)),
      },
      CAPTCHA_TRACK_MAX,
    );
  };

  const onPointerDown = (event: React.PointerEvent<HTMLButtonElement>) => {
    if (!challenge || busy) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const state: Drag = { startX: event.clientX - offset, startY: event.clientY, startT: event.timeStamp, offset, track: [] };
    drag.current = state;
    record(state, offset, event.clientY, event.timeStamp);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || !challenge) return;
    // the browser hands over one move per frame; the moves it merged into it are the real samples of a quick drag
    const moves = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const move of moves.length ? moves : [event.nativeEvent]) {
      state.offset = clampOffset(move.clientX - state.startX, trackWidth, HANDLE);
      record(state, state.offset, move.clientY, move.timeStamp);
    }
    setOffset(state.offset);
  };
  const release = (state: Drag) => {
    if (!challenge) return;
    setBusy(true);
    // the last move may not have rendered yet: the position comes from the drag itself
    const releasedX = sliderToX(state.offset, trackWidth, HANDLE, challenge.width, challenge.pieceSize);
    checkCaptcha({ captchaId: challenge.captchaId, x: releasedX, track: state.track })
      .then(
        (answer) => {
          showToast(t('auth.captchaOk'));
          onSolved(answer.botCheckToken);
        },
        // the client already showed "Verification failed, please try again.": the puzzle is used up, take a new one
        () => {
          setOffset(0);
          onMissed();
        },
      )
      .finally(() => setBusy(false));
  };
  const onPointerUp = (event: React.PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    drag.current = undefined;
    if (!state) return;
    // where the pointer was let go is the track's last point and the answer's x
    state.offset = clampOffset(event.clientX - state.startX, trackWidth, HANDLE);
    record(state, state.offset, event.clientY, event.timeStamp);
    setOffset(state.offset);
    release(state);
  };
  const onPointerCancel = () => {
    const state = drag.current;
    drag.current = undefined;
    // a cancelled pointer has no position of its own: the piece stays where the last move left it
    if (state) release(state);
  };

  return (
    <CaptchaFrame onClose={onClose}>
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
      <div className="form-captcha__track" style={{ width: trackWidth }}>
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
          onPointerCancel={onPointerCancel}
        >
          ⇢
        </button>
      </div>
    </CaptchaFrame>
  );
}
