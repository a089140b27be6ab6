import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { opsTokenMatches } from '../modules/ops/ops-token.ts';
import { unauthenticated } from '../shared/domain-errors.ts';

/**
 * Who may read the API documentation (/api/docs, its OpenAPI JSON and YAML): anyone outside production; in production
 * only operators, with the OPS_API_TOKEN bearer (a map of every route is an attacker's first step). The stock
 * swagger-ui files under /api/docs/static/ stay public: they hold nothing of this API.
 */
export function apiDocsAccess(config: AppConfig): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (config.environment !== 'production') return;
    if (!opsTokenMatches(config.opsApiToken, request.headers.authorization)) throw unauthenticated();
  };
}
