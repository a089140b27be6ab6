import type { PricingImportIssue } from '@shop/contract/console/pricing';
import type { Language } from '@shop/contract/languages';

/**
 * The problems of a rates or price-points import, by row and column (row 1 is the first data row, 0 the whole file).
 * The console speaks English and Simplified Chinese (its own screens and the catalogue import's words): an operator
 * who reads Chinese gets the Chinese wording, everyone else the English one. The problem code stays for the screens.
 */
const WORDS = {
  empty: ['The file has no data rows', '文件没有数据行'],
  missing: ['Give the table as rates or as csv, one of the two', '请以 rates 或 csv 之一提供汇率表'],
  badHeader: ['The first line must be the header {{header}}', '第一行必须是表头 {{header}}'],
  badCsv: ['A quoted field opened on this row is never closed', '此行开始的带引号字段没有结束'],
  tooManyRows: ['At most {{max}} rows in one file', '一个文件最多 {{max}} 行'],
  wrongFieldCount: ['This row has {{found}} fields, the header {{expected}}', '此行有 {{found}} 个字段，表头有 {{expected}} 个'],
  unknownCurrency: ['"{{value}}" is not an ISO 4217 currency code', '"{{value}}" 不是 ISO 4217 货币代码'],
  notARate: ['"{{value}}" is not a positive decimal number (units per US dollar)', '"{{value}}" 不是正的十进制数（每美元的单位数）'],
  tooManyDigits: ['"{{value}}" has more than {{max}} digits after the point', '"{{value}}" 小数点后超过 {{max}} 位'],
  baseRate: ['The base currency {{currency}} is always 1 per US dollar', '基准货币 {{currency}} 始终为每美元 1'],
  duplicate: ['Already given on row {{first}}', '已在第 {{first}} 行给出'],
  unknownCountry: ['"{{value}}" is not a country of the country table', '"{{value}}" 不在国家表中'],
  unknownProduct: ['No product has the number "{{value}}"', '没有编号为 "{{value}}" 的商品'],
  notAnAmount: ['"{{value}}" is not an amount in {{currency}} ({{digits}} decimals at most)', '"{{value}}" 不是 {{currency}} 金额（最多 {{digits}} 位小数）'],
  belowZero: ['A price cannot be below zero', '价格不能低于零'],
  discountAbovePrice: ['The discount price is above the price', '折扣价高于原价'],
  tooBig: ['Above the largest price allowed', '超过允许的最高价格'],
  wrongCurrency: ['The price must be in {{currency}} (the country\'s currency) or {{base}}', '价格必须使用 {{currency}}（该国货币）或 {{base}}'],
  notABoolean: ['"{{value}}" is neither true nor false', '"{{value}}" 既不是 true 也不是 false'],
} as const satisfies Record<string, readonly [string, string]>;

export type PricingProblem = keyof typeof WORDS;
type Params = Record<string, string | number>;

const fill = (template: string, params: Params) => template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A problem worded for the operator: Chinese for a Chinese console, else English. */
export function importIssue(language: Language, row: number, column: string, problem: PricingProblem, params: Params = {}): PricingImportIssue {
  const [english, chinese] = WORDS[problem];
  return { row, column, problem, message: fill(language === 'zh' ? chinese : english, params) };
}

/** Shown values are clipped and stripped of control characters, so a hostile cell cannot flood or garble the report. */
export const shownValue = (value: string): string => {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
};
