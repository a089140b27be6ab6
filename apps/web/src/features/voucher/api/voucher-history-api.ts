import { voucherHistory } from '@shop/contract/voucher-history';
import { call } from '../../../shared/api/client';

/** Its own module so the voucher page's chunk does not carry the history's schema. */
export const fetchVoucherHistory = () => call(voucherHistory, { query: { pageNum: 1, pageSize: 50 } });
