import type { ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { TaxModel } from '@shop/contract/pricing';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import type { DecimalProblem } from './decimal';
import { parseTaxPercent, taxPercentText } from './tax-rate';

/** The country editor's values: the tax rate as typed (percent), the providers as "all that can" or a chosen list. */
export interface CountryFormValues {
  currency: string;
  taxModel: TaxModel;
  taxPercent: string;
  allProviders: boolean;
  providers: ThirdChannelNameValue[];
}

export const countryToForm = (country: CountryPricingView): CountryFormValues => ({
  currency: country.currency,
  taxModel: country.taxModel,
  taxPercent: taxPercentText(country.taxRateBp),
  allProviders: country.localProviders === null,
  providers: country.localProviders ?? [],
});

export interface CountryBody {
  currency: string;
  taxModel: TaxModel;
  taxRateBp: number;
  localProviders: ThirdChannelNameValue[] | null;
}

/**
 * The request body of the editor's values, or the problem of the tax rate. A country without tax has rate 0, whatever
 * was typed before the model was switched to "none"; "all that can" is null, so a provider that learns the currency
 * later charges it without an edit.
 */
export function formToBody(values: CountryFormValues): { body: CountryBody; problem?: undefined } | { body?: undefined; problem: DecimalProblem } {
  const rate = values.taxModel === 'none' ? { value: 0 } : parseTaxPercent(values.taxPercent);
  if (rate.value === undefined) return { problem: rate.problem };
  return {
    body: {
      currency: values.currency.trim().toUpperCase(),
      taxModel: values.taxModel,
      taxRateBp: rate.value,
      localProviders: values.allProviders ? null : [...values.providers].sort(),
    },
  };
}
