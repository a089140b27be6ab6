import { GOODS_TYPES } from '@shop/contract/console/catalogue';

/** Goods types in the order the console offers them (voucher packs first), with a tag colour each. */
export const GOODS_TYPE_OPTIONS = GOODS_TYPES;
export const GOODS_TYPE_COLOR: Record<number, string> = { 1: 'cyan', 2: 'gold', 3: 'purple', 4: 'green', 5: 'blue' };
/** Short codes for generated product numbers. */
export const GOODS_TYPE_CODE: Record<number, string> = { 1: 'DM', 2: 'VIP', 3: 'OT', 4: 'FR', 5: 'VC' };
