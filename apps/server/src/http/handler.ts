import type { FastifyInstance } from 'fastify';
import type { RouteData, RouteDef } from '@shop/contract/route';
import type { Tx } from '../db/client.ts';
import type { Services } from '../services.ts';
import { recordAudit, type Actor, type AuditChange } from '../shared/audit.ts';
import { DomainError } from '../shared/domain-errors.ts';
import { registerRoute, type HandlerContext, type RouteOptions } from './route.ts';

/**
 * One handler per contract route (ADR 0044): `handlers/<operation>.handler.ts` exports
 * `handler = defineHandler(contractRoute, { handle, audit?, ... })`; the module's routes file lists its handlers and
 * `registerHandlers` binds them. A handler takes the validated input, the request's context and the services built in
 * services.ts (the one composition root); it builds nothing itself.
 *
 * Audit (ADR 0045) is declared here, not written by hand: a handler with a `transaction` audit runs in a transaction
 * this layer opens, and the entries its declaration describes are written in that same transaction (the change rolls
 * back, no entry; the entry fails, the change rolls back). A `providerCall` audit is for a change asked of a payment
 * provider, which cannot share our transaction: the request is written before the call and the result after it.
 */

export type HandlerInput<R extends RouteDef> = Pick<HandlerContext<R>, 'body' | 'query' | 'params'>;

export interface HandlerArgs<R extends RouteDef> {
  input: HandlerInput<R>;
  ctx: HandlerContext<R>;
  services: Services;
}

/**
 * One audit entry as a declaration describes it: the declaration's action and entity type unless it names others, by
 * the caller unless it names who (the login and the enrolment are made by the operator they sign in).
 */
export type AuditEntry = Omit<AuditChange, 'action' | 'entityType'> & Partial<Pick<AuditChange, 'action' | 'entityType'>> & { actor?: Actor };

/** A change made in our database, audited in the transaction that makes it. */
export interface TransactionAudit<R extends RouteDef, O> {
  kind: 'transaction';
  /** What is done, as `entity.verb` ('player.block'). */
  action: string;
  entityType: string;
  /** The entries of this change (none when nothing changed, e.g. a replay). */
  describe(input: HandlerInput<R>, outcome: NoInfer<O>, ctx: HandlerContext<R>): AuditEntry | AuditEntry[] | null;
}

/**
 * A change asked of a payment provider: our transaction cannot hold the provider's answer, so `<action>.request` is
 * written before the provider is asked and `<action>.result` after (its state, or why it was refused or failed): an
 * entry exists even when the process dies in between.
 */
export interface ProviderCallAudit<R extends RouteDef, B> {
  kind: 'providerCall';
  action: string;
  entityType: string;
  /** Reads the entity before the call (refusing an unknown one before anything is written); kept in both entries. */
  prepare(args: HandlerArgs<R>): Promise<{ entityId: string | number; before: B }>;
  /** The request entry's `after`: what was asked. */
  request(input: HandlerInput<R>): unknown;
  /** The result entry's `after` when the provider answered. */
  result(data: RouteData<R>): unknown;
}

/** A write that is not audited, and why (ending one's own session changes nothing an operator answers for). */
export interface AuditExemption {
  kind: 'exempt';
  reason: string;
}

interface CommonSpec<R extends RouteDef> {
  /** The route's options; a function when they need the app (rate limits) or a service. */
  options?: RouteOptions | ((app: FastifyInstance, services: Services) => RouteOptions);
  /** Puts an error in the caller's words; runs after the transaction rolled back, so it may read the database. */
  rephrase?(error: unknown, args: HandlerArgs<R>): unknown;
}

export interface PlainSpec<R extends RouteDef> extends CommonSpec<R> {
  audit?: AuditExemption;
  handle(args: HandlerArgs<R>): Promise<RouteData<R>>;
}

export interface TransactionSpec<R extends RouteDef, O, P = undefined> extends CommonSpec<R> {
  audit: TransactionAudit<R, O>;
  /** Work done before the transaction opens, so it holds no connection meanwhile (argon2, ~50 ms). */
  prepare?(args: HandlerArgs<R>): Promise<P>;
  /** Makes the change with `tx`, answering what the audit describes and the answer is made of. */
  handle(args: HandlerArgs<R> & { tx: Tx; prepared: NoInfer<P> }): Promise<O>;
  /** The route's data from the outcome, after the commit (by default the outcome is the data). */
  answer?(outcome: NoInfer<O>, args: HandlerArgs<R>): RouteData<R> | Promise<RouteData<R>>;
  /** Runs after the commit (drops this instance's caches of what changed). */
  afterCommit?(outcome: NoInfer<O>, args: HandlerArgs<R>): void;
}

export interface ProviderCallSpec<R extends RouteDef, B> extends CommonSpec<R> {
  audit: ProviderCallAudit<R, B>;
  handle(args: HandlerArgs<R> & { before: NoInfer<B> }): Promise<RouteData<R>>;
}

export interface Handler<R extends RouteDef = RouteDef> {
  route: R;
  /** The audit declaration (tests walk it: every console write is audited or exempt with a reason). */
  audit: TransactionAudit<R, never> | ProviderCallAudit<R, never> | AuditExemption | undefined;
  register(app: FastifyInstance, services: Services): void;
}

export function defineHandler<R extends RouteDef, O, P = undefined>(route: R, spec: TransactionSpec<R, O, P>): Handler<R>;
export function defineHandler<R extends RouteDef, B>(route: R, spec: ProviderCallSpec<R, B>): Handler<R>;
export function defineHandler<R extends RouteDef>(route: R, spec: PlainSpec<R>): Handler<R>;
export function defineHandler<R extends RouteDef>(
  route: R,
  spec: Spec<R>,
): Handler<R> {
  const run = runnerOf(route, spec);
  return {
    route,
    audit: spec.audit as Handler<R>['audit'],
    register(app, services) {
      const options = typeof spec.options === 'function' ? spec.options(app, services) : spec.options;
      registerRoute(
        app,
        route,
        async (ctx) => {
          const args: HandlerArgs<R> = { input: { body: ctx.body, query: ctx.query, params: ctx.params }, ctx, services };
          try {
            return await run(args);
          } catch (error) {
            throw spec.rephrase ? await spec.rephrase(error, args) : error;
          }
        },
        options,
      );
    },
  };
}

/** Binds a module's handlers to their routes. */
export function registerHandlers(app: FastifyInstance, services: Services, handlers: readonly Handler[]): void {
  for (const handler of handlers) handler.register(app, services);
}

type Spec<R extends RouteDef> = PlainSpec<R> | TransactionSpec<R, unknown, unknown> | ProviderCallSpec<R, unknown>;

function runnerOf<R extends RouteDef>(route: R, spec: Spec<R>): (args: HandlerArgs<R>) => Promise<RouteData<R>> {
  const audit = spec.audit;
  if (audit?.kind === 'transaction') return inTransaction(route, spec as TransactionSpec<R, unknown, unknown>);
  if (audit?.kind === 'providerCall') return aroundProviderCall(route, spec as ProviderCallSpec<R, unknown>);
  return (args) => (spec as PlainSpec<R>).handle(args);
}

function inTransaction<R extends RouteDef>(route: R, spec: TransactionSpec<R, unknown, unknown>) {
  const { audit } = spec;
  return async (args: HandlerArgs<R>): Promise<RouteData<R>> => {
    const prepared = spec.prepare ? await spec.prepare(args) : undefined;
    const outcome = await args.services.db.transaction(async (tx) => {
      const result = await spec.handle({ ...args, tx, prepared });
      const described = audit.describe(args.input, result, args.ctx);
      for (const { actor, ...entry } of described === null ? [] : Array.isArray(described) ? described : [described]) {
        await recordAudit(tx, actor ?? callerActor(route, args), { action: audit.action, entityType: audit.entityType, ...entry });
      }
      return result;
    });
    spec.afterCommit?.(outcome, args);
    return spec.answer ? spec.answer(outcome, args) : (outcome as RouteData<R>);
  };
}

function aroundProviderCall<R extends RouteDef>(route: R, spec: ProviderCallSpec<R, unknown>) {
  const { audit } = spec;
  return async (args: HandlerArgs<R>): Promise<RouteData<R>> => {
    const { db } = args.services;
    const { entityId, before } = await audit.prepare(args);
    const actor = callerActor(route, args);
    const entry = (phase: 'request' | 'result', after: unknown) =>
      recordAudit(db, actor, { action: `${audit.action}.${phase}`, entityType: audit.entityType, entityId, before, after });
    await entry('request', audit.request(args.input));
    try {
      const data = await spec.handle({ ...args, before });
      await entry('result', audit.result(data));
      return data;
    } catch (error) {
      await entry('result', { outcome: 'refused', ...failureOf(error) });
      throw error;
    }
  };
}

/** The audit log's actor of the caller: the signed-in operator, or the machine token of the ops routes. */
function callerActor<R extends RouteDef>(route: R, { ctx }: HandlerArgs<R>): Actor {
  if (ctx.operator) return { operatorId: ctx.operator.id, name: ctx.operator.email, ip: ctx.request.ip };
  if (route.auth === 'ops') return { operatorId: null, name: 'ops-token', ip: ctx.request.ip };
  throw new Error(`${route.method} ${route.path}: an audited route without an operator needs its declaration's actor`);
}

/** What an audit entry keeps of a failure: the message key (and its numbers) or the error's text. */
function failureOf(error: unknown): Record<string, unknown> {
  if (error instanceof DomainError) return { kind: error.kind, error: error.messageKey, ...(error.params ? { params: error.params } : {}) };
  return { kind: 'unexpected', error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) };
}
