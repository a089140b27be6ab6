import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MEDIA_MAX_BYTES, mediaUrl, type MediaContentType, type MediaView } from '@shop/contract/console/catalogue';
import type { Db, Executor } from '../../../db/client.ts';
import { games, mediaFiles } from '../../../db/schema.ts';
import { invalid, notFound, tooLarge } from '../../../shared/domain-errors.ts';

/** The image type by its first bytes (never by a name or a declared type): PNG, JPEG, GIF or WebP, else undefined. */
export function sniffImage(bytes: Buffer): MediaContentType | undefined {
  const starts = (signature: number[], offset = 0) => bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/** Base64 (optionally a data: URL) to bytes; undefined when it is not base64. */
export function decodeBase64(data: string): Buffer | undefined {
  const text = data.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!text || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

export const mediaIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An image an operator sends: base64 of a PNG, JPEG, WebP or GIF of at most MEDIA_MAX_BYTES. */
export function readUpload(data: string): { bytes: Buffer; contentType: MediaContentType; id: string } {
  const bytes = decodeBase64(data);
  if (!bytes || bytes.length === 0) throw invalid('mediaNotImage');
  if (bytes.length > MEDIA_MAX_BYTES) throw tooLarge('mediaTooLarge');
  const contentType = sniffImage(bytes);
  if (!contentType) throw invalid('mediaNotImage');
  return { bytes, contentType, id: mediaIdOf(bytes) };
}

/** Stores an image once (its id is the SHA-256 of its bytes: the same file twice is one row); answers whether it is new. */
export async function storeMedia(executor: Executor, file: { id: string; contentType: MediaContentType; bytes: Buffer }): Promise<boolean> {
  const inserted = await executor
    .insert(mediaFiles)
    .values({ id: file.id, contentType: file.contentType, bytes: file.bytes })
    .onConflictDoNothing()
    .returning({ id: mediaFiles.id });
  return inserted.length > 0;
}

export const mediaView = (file: { id: string; contentType: string; bytes: Buffer }): MediaView => ({
  id: file.id,
  url: mediaUrl(file.id),
  contentType: file.contentType,
  size: file.bytes.length,
});

/** An operator's upload: read and checked, then stored once; `stored` is false when the same image was there already. */
export async function uploadMedia(tx: Executor, data: string): Promise<{ view: MediaView; stored: boolean }> {
  const file = readUpload(data);
  return { view: mediaView(file), stored: await storeMedia(tx, file) };
}

/**
 * GET /media/<sha256>: uploaded thumbnails and icons, public. The name is the content's hash, so an answer never
 * changes: browsers and CDNs keep it for a year (immutable). Served under the shop's security headers (nosniff), and
 * only image types that were recognised by their bytes are ever stored.
 */
export function registerMediaRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>('/media/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    if (!/^[0-9a-f]{64}$/.test(id)) throw notFound();
    const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
    if (!file) throw notFound();
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${file.id}"`)
      .send(file.bytes);
  });
}

/** How long a browser keeps where a game's art is: an operator's change shows within this time. */
const GAME_ART_REDIRECT_MAX_AGE_S = 60;

/**
 * GET /media/games/<appId>/banner|icon (issue 14): a redirect to the image the catalogue names for the game (an
 * uploaded /media/<sha256>, a site path or an https URL), 404 without one. The shop draws `<img src>` from the game's
 * id alone, with no request of its own before the image; the target itself is cached for a year when it is an upload.
 */
export function registerGameArtRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { appId: string; kind: string } }>('/media/games/:appId/:kind', { schema: { hide: true } }, async (request, reply) => {
    const { appId, kind } = request.params;
    if (!/^[1-9][0-9]{0,8}$/.test(appId) || (kind !== 'banner' && kind !== 'icon')) throw notFound();
    const [game] = await db.select({ banner: games.banner, icon: games.icon }).from(games).where(eq(games.appId, Number(appId)));
    const target = game?.[kind];
    if (!target) throw notFound();
    return reply.header('cache-control', `public, max-age=${GAME_ART_REDIRECT_MAX_AGE_S}`).redirect(target, 302);
  });
}
