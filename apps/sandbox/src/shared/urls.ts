/** Only absolute http(s) URLs are accepted as return or notification targets: never javascript:, data: or relative. */
export function parseHttpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Appends query parameters, keeping any the URL already has (the providers append, they never replace). */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  return url.toString();
}
