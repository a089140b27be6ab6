import { describe, expect, it } from 'vitest';
import type { ChannelView } from '@shop/contract/console/catalogue';
import { THIRD_CHANNEL_ID, channelFormOf, nextSortIn, regionsOf } from './channel-form';

describe('the channel form', () => {
  it('starts a new channel as Xsolla in the region, after its last', () => {
    expect(channelFormOf(undefined, 'DE', 30)).toEqual({
      regionCode: 'DE',
      payMethodName: '',
      payMethodId: '',
      thirdChannelName: 'xsolla',
      thirdChannelId: THIRD_CHANNEL_ID.xsolla,
      payIcon: '',
      sort: 30,
      hiddenOnDevices: [],
    });
  });

  it("shows a channel's own values when editing", () => {
    const channel = { regionCode: 'US', payMethodName: 'Card', payMethodId: 'card', thirdChannelName: 'paypal', thirdChannelId: 'paypal-main', payIcon: '/i.png', sort: 5, hiddenOnDevices: ['ios'] } as unknown as ChannelView;
    expect(channelFormOf(channel, 'DE', 30)).toMatchObject({ regionCode: 'US', thirdChannelName: 'paypal', sort: 5, hiddenOnDevices: ['ios'] });
  });

  it('lists regions with the catch-all first, and places a new channel after its region’s last', () => {
    const channels = [
      { regionCode: 'US', sort: 10 },
      { regionCode: '*', sort: 10 },
      { regionCode: 'DE', sort: 10 },
      { regionCode: 'US', sort: 40 },
    ];
    expect(regionsOf(channels, '*')).toEqual(['*', 'DE', 'US']);
    expect(nextSortIn(channels, 'US')).toBe(50);
    expect(nextSortIn(channels, 'JP')).toBe(10);
  });
});
