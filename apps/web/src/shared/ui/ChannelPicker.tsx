import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payMethodLabel } from '../payment/method-name';
import { CHANNELS_SHOWN_FIRST, type PayChannel } from '@shop/contract/channels';
import './channel-picker.css';

/** Payment methods as a radio list; the first five, then View More (spec section 5). Settlement and purchase order. */
export function ChannelPicker({ channels, selectedId, onSelect }: { channels: PayChannel[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? channels : channels.slice(0, CHANNELS_SHOWN_FIRST);
  return (
    <>
      <div className="co-channels" role="radiogroup" aria-label={t('settlement.paymentMethod')}>
        {shown.map((channel) => {
          const checked = channel.id === selectedId;
          return (
            <label key={channel.id} className={`co-channel${checked ? ' co-channel--checked' : ''}`} data-testid="pay-channel" data-channel={channel.thirdChannelName} data-method={channel.payMethodId} data-checked={checked}>
              <input type="radio" name="co-channel" className="shop-visually-hidden" checked={checked} onChange={() => onSelect(channel.id)} />
              {channel.payIcon ? <img src={channel.payIcon} alt="" width={28} height={28} loading="lazy" /> : <span aria-hidden="true">💳</span>}
              <span className="co-channel__name">{payMethodLabel(channel.payMethodName, t)}</span>
            </label>
          );
        })}
      </div>
      {!all && channels.length > CHANNELS_SHOWN_FIRST && (
        <button type="button" className="shop-button shop-button--small" onClick={() => setAll(true)} data-testid="view-more">
          {t('settlement.viewMore')}
        </button>
      )}
    </>
  );
}
