import { describe, expect, it } from 'vitest';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import { FRAME_PROVIDER_WITHOUT_CHANNEL, findProvider, frameOutcomeOf } from './provider-map';

describe('the provider map', () => {
  it('has a provider for every provider the server takes money with, under its name', () => {
    for (const name of ThirdChannelName.options) expect(findProvider(name)?.name).toBe(name);
    expect(findProvider(FRAME_PROVIDER_WITHOUT_CHANNEL)?.frameOutcome).toBeTypeOf('function');
  });

  it('has none for another channel or none', () => {
    for (const name of ['', 'card', 'constructor', null, undefined]) expect(findProvider(name)).toBeUndefined();
  });

  it("reads a pay frame's message into the return or cancel page, and nothing from other messages", () => {
    const status = (value: string) => JSON.stringify({ command: 'status', data: { paymentInfo: { status: value } } });
    expect(frameOutcomeOf(status('done'))).toBe('return');
    expect(frameOutcomeOf(status('troubled'))).toBe('cancel');
    expect(frameOutcomeOf(status('invoice'))).toBeUndefined();
    expect(frameOutcomeOf('hello')).toBeUndefined();
  });
});
