import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consolePlayerSearch, type PlayerLookupBy } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { PLAYERS_KEY } from './keys';

/** Players (and roles nobody owns or bound) matching a search; idle while there is nothing to search. */
export function useSearchPlayers(q: string, by: PlayerLookupBy) {
  return useQuery({
    queryKey: [...PLAYERS_KEY, 'search', q, by],
    queryFn: () => callRoute(consolePlayerSearch, { query: { q, by } }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
