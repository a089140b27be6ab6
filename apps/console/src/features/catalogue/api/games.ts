import { useQuery } from '@tanstack/react-query';
import { consoleGames } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { gamesKey } from './keys';

/** Every game with its counts (servers, products, channels). */
export function useGames() {
  return useQuery({ queryKey: gamesKey, queryFn: () => callRoute(consoleGames) });
}
