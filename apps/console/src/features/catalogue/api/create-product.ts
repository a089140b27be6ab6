import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCreateProduct } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleCreateProduct>) => callRoute(consoleCreateProduct, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
