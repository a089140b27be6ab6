import type { FastifyInstance } from 'fastify';
import { useRawJsonAndForms } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import { xsollaErrorHandler } from './errors.ts';
import { payStationRoutes } from './paystation.ts';
import { reportRoutes } from './reports.ts';
import { XsollaStore } from './store.ts';
import { tokenRoute } from './token.ts';
import { widgetRoute } from './widget.ts';

/** Xsolla stand-in, mounted at {publicUrl}/xsolla: merchant API, Pay Station pages and the embed script. */
export async function xsollaPlugin(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const store = new XsollaStore();
  await useRawJsonAndForms(app);
  app.setErrorHandler(xsollaErrorHandler);
  tokenRoute(app, store);
  reportRoutes(app, ctx, store);
  payStationRoutes(app, ctx, store);
  widgetRoute(app);
}
