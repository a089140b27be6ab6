import { useTranslation } from 'react-i18next';
import { payMethodLabel } from '../../../shared/payment/method-name';
import type { PayChannel } from '@shop/contract/channels';

/** Payment methods as a radio list (icon and name), with View More when more than five are offered. */
export function PayChannelList({
  channels,
  selectedId,
  onSelect,
  more,
  onMore,
}: {
  channels: PayChannel[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  more: number;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="vp-channels" role="radiogroup" aria-label={t('voucher.paymentMethod')}>
        {channels.map((channel) => {
          const checked = channel.id === selectedId;
          return (
            <label
              key={channel.id}
              className={`vp-channel${checked ? ' vp-channel--checked' : ''}`}
              data-testid="pay-channel"
              data-channel={channel.thirdChannelName}
              data-method={channel.payMethodId}
              data-checked={checked}
            >
              <input
                type="radio"
                name="pay-channel"
                className="shop-visually-hidden"
                value={channel.id}
                checked={checked}
                onChange={() => onSelect(channel.id)}
              />
              <span className="vp-channel__icon">
                {channel.payIcon && (
                  <img src={channel.payIcon} alt="" width={32} height={32} loading="lazy" decoding="async" />
                )}
              </span>
              <span className="vp-channel__name">{payMethodLabel(channel.payMethodName, t)}</span>
              <span className="vp-channel__radio" aria-hidden="true" />
            </label>
          );
        })}
      </div>
      {more > 0 && (
        <button type="button" className="vp-more" onClick={onMore} data-testid="view-more">
          {t('voucher.viewMore')}
        </button>
      )}
    </>
  );
}
