import { queryOptions, useQuery } from '@tanstack/react-query';
import { ipCountry } from '@shop/contract/countries';
import { call } from '../api/client';

/** The caller's country by IP (ZZ when unknown); quiet: a failure only means the default region. */
export const fetchIpCountry = () => call(ipCountry, { quiet: true, silent: true });

/** null when the lookup failed. The IP does not change while the shop is open. */
export const ipCountryQuery = () =>
  queryOptions({ queryKey: ['ip-country'] as const, queryFn: () => fetchIpCountry().catch(() => null), staleTime: Infinity });

export const useIpCountry = (enabled = true) => useQuery({ ...ipCountryQuery(), enabled });
