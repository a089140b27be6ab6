import { consoleUploadMedia } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';
import { uploadMedia } from '../media.ts';

/** An image of at most 512 kB is about 700 kB of base64; a little more still gets the clear "too large" answer. */
const UPLOAD_BODY_LIMIT = 2 * 1024 * 1024;

export const handler = defineHandler(consoleUploadMedia, {
  options: { bodyLimit: UPLOAD_BODY_LIMIT },
  handle: ({ input, tx }) => uploadMedia(tx, input.body.data),
  // The same image uploaded again is no change: no entry.
  audit: { kind: 'transaction', action: 'media.upload', entityType: 'media', describe: (_input, { view, stored }) => (stored ? { entityId: view.id, after: view } : null) },
  answer: ({ view }) => view,
});
