import { queryOptions, useQuery } from '@tanstack/react-query';
import { voucherHistory } from '@shop/contract/voucher-history';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';

/** Its own module so the voucher page's chunk does not carry the history's route. */
export const fetchVoucherHistory = () => call(voucherHistory, { query: { pageNum: 1, pageSize: 50 } });

/** The ledger's item names come in the request's language. */
export const voucherHistoryQuery = (language: Language) =>
  queryOptions({ queryKey: ['voucher-history', language] as const, queryFn: fetchVoucherHistory });

export const useVoucherHistory = (language: Language) => useQuery(voucherHistoryQuery(language));
