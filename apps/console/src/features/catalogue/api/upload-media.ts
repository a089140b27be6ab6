import { useMutation } from '@tanstack/react-query';
import { consoleUploadMedia } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';

/** Reads a file as a data: URL (base64). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Uploads an image (PNG, JPEG, WebP, GIF up to 512 kB; the server checks its bytes); answers its /media/ URL. */
export function useUploadMedia() {
  return useMutation({ mutationFn: async (file: Blob) => callRoute(consoleUploadMedia, { body: { data: await readAsDataUrl(file) } }) });
}
