import { routeTable } from './route.ts';
import type * as schema from './products.schema.ts';

export type { ShopProduct, ProductListBody, ProductDetail, ReceiveBody, ReceiveResult } from './products.schema.ts';

export const productList = routeTable<typeof schema.productListSchemas>()({
  method: 'POST',
  path: '/v1/product/list',
  auth: 'none',
  summary:
    "A game's visible products of one goods type or category (all non-voucher products when neither is given), sorted, names and descriptions in the request's language, prices in major and minor units with the currency; never product 9521 or hidden products",
});

export const productDetail = routeTable<typeof schema.productDetailSchemas>()({
  method: 'POST',
  path: '/v1/product/detail',
  auth: 'none',
  summary:
    'One visible product in the request\'s language (404 for unknown, hidden or excluded products); with a bearer token a free gift also says whether the game account has claimed it',
});

export const productReceive = routeTable<typeof schema.productReceiveSchemas>()({
  method: 'POST',
  path: '/v1/product/receive',
  auth: 'user',
  summary:
    'Claim a free web-only gift for one of the caller\'s game accounts: once per game account (a second claim, also a simultaneous one, is 409), a paid product is 400, guests 401; delivered to the game from the outbox. Success message: "Rewards claimed successfully"',
});
