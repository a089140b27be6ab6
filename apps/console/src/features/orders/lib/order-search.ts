import dayjs, { type Dayjs } from 'dayjs';
import { ORDER_PAGE_SIZES, type OrderSearchQuery } from '@shop/contract/console/orders';

export const DEFAULT_PAGE_SIZE = 20;

/** The search as the address keeps it (Back returns to the same results), and the query the server gets. */
export type SearchState = OrderSearchQuery & { cursor?: string | undefined; pageSize: number; appId?: number | undefined };

/** The values of the filter form (the one box, `q`, is apart from it). */
export interface FilterForm {
  player?: string | undefined;
  role?: string | undefined;
  transactionId?: string | undefined;
  status?: number[] | undefined;
  provider?: string | undefined;
  appId?: number | undefined;
  created?: [Dayjs | null, Dayjs | null] | null;
}

/** The parameters the filter form sets: any of them in the address opens the filters. */
export const FILTER_PARAMS = ['player', 'role', 'transactionId', 'status', 'provider', 'appId', 'from', 'to'] as const;

export const hasFilters = (params: URLSearchParams) => FILTER_PARAMS.some((name) => params.has(name));

/** The search of an address: blanks are no filter, an unknown page size is the default, a game id is a positive integer. */
export function searchOf(params: URLSearchParams): SearchState {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const pageSize = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
  const appId = Number(params.get('appId'));
  return {
    q: text('q'),
    player: text('player'),
    role: text('role'),
    transactionId: text('transactionId'),
    status: text('status'),
    provider: text('provider') as OrderSearchQuery['provider'],
    appId: Number.isInteger(appId) && appId > 0 ? appId : undefined,
    from: text('from'),
    to: text('to'),
    cursor: text('cursor'),
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The filter form showing a search. */
export function filterFormOf(search: SearchState): FilterForm {
  return {
    player: search.player,
    role: search.role,
    transactionId: search.transactionId,
    status: search.status ? String(search.status).split(',').map(Number) : undefined,
    provider: search.provider,
    appId: search.appId,
    created: search.from || search.to ? [search.from ? dayjs(search.from) : null, search.to ? dayjs(search.to) : null] : null,
  };
}

/** The address changes of a submitted filter form: trimmed texts, whole minutes, and the first page again. */
export function filterChanges(values: FilterForm): Record<string, string | undefined> {
  const [from, to] = values.created ?? [null, null];
  return {
    player: values.player?.trim(),
    role: values.role?.trim(),
    transactionId: values.transactionId?.trim(),
    status: values.status?.length ? values.status.join(',') : undefined,
    provider: values.provider,
    appId: values.appId ? String(values.appId) : undefined,
    from: from ? from.startOf('minute').toISOString() : undefined,
    to: to ? to.endOf('minute').toISOString() : undefined,
    cursor: undefined,
  };
}
