import { useQuery } from '@tanstack/react-query';
import { consoleGames } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { gamesKey } from './keys';

/** Every game (the product picker's and the export's choice). */
export function useGames() {
  return useQuery({ queryKey: gamesKey, queryFn: () => callRoute(consoleGames) });
}
