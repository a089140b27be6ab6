import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUpdateProduct } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

/** Changes the fields given (the whole form, or one switch from the list). */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteBody<typeof consoleUpdateProduct> }) => callRoute(consoleUpdateProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
