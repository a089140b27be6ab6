import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUpdateChannel } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

/** Switches a channel on or off, moves it, or changes its name, icon or device rules. */
export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<typeof consoleUpdateChannel> }) => callRoute(consoleUpdateChannel, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
