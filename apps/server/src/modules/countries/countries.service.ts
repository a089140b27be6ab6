import { asc } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { UNKNOWN_REGION } from '@shop/contract/games';
import type { Country } from '@shop/contract/countries.schema';
import type { Db } from '../../db/client.ts';
import { countries } from '../../db/schema.ts';

/** Resolves an IP address to a country; production deployments plug in a GeoIP database here. */
export type IpCountryLookup = (ip: string) => string | undefined;

export class CountriesService {
  private cache?: Promise<Country[]>;

  constructor(
    private readonly db: Db,
    private readonly options: { countryHeader?: string; lookup?: IpCountryLookup },
  ) {}

  /** The country table is reference data written only by the seed, so it is read once per process. */
  list(): Promise<Country[]> {
    this.cache ??= this.db
      .select()
      .from(countries)
      .orderBy(asc(countries.regionCode))
      .then((rows) => rows.map((row) => ({ regionCode: row.regionCode, region: row.region, regionCN: row.regionCn, dialCode: row.dialCode })))
      .catch((error: unknown) => {
        this.cache = undefined;
        throw error;
      });
    return this.cache;
  }

  async countryOf(request: FastifyRequest): Promise<string> {
    const known = new Set((await this.list()).map((c) => c.regionCode));
    const fromHeader = this.options.countryHeader ? request.headers[this.options.countryHeader] : undefined;
    const headerValue = (Array.isArray(fromHeader) ? fromHeader[0] : fromHeader)?.trim().toUpperCase();
    if (headerValue && known.has(headerValue)) return headerValue;
    const ip = request.ip;
    if (!isIP(ip) || isPrivateAddress(ip)) return UNKNOWN_REGION;
    const looked = this.options.lookup?.(ip)?.toUpperCase();
    return looked && known.has(looked) ? looked : UNKNOWN_REGION;
  }
}

function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  return (
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    ip === '::1' ||
    /^f[cd]/i.test(ip) ||
    /^fe80:/i.test(ip)
  );
}
