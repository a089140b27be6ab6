import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageFromAcceptLanguage, normalizeLanguage, SUPPORTED_LANGUAGES, type Language } from '@shop/contract/languages';

/**
 * What the web build wrote to page-preloads.json (apps/web/vite.config.ts): for each screen players land on, the
 * scripts and style sheets it needs beyond the entry, and each language's messages chunk.
 */
interface PagePreloadsFile {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
  locales: Record<string, string>;
}

/** The links one page answer gets: the landing screen's chunks and the messages of the language the app will pick. */
export interface PreloadChoice {
  /** The landing address it was built for ('' for another address). */
  route: string;
  language: Language;
  links: string;
}

const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

function readPreloads(webDist: string): PagePreloadsFile | undefined {
  const path = join(webDist, 'page-preloads.json');
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as PagePreloadsFile;
  // only the build's own asset paths go into the page
  const assets = (paths: unknown) => (Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string' && ASSET_PATH.test(p)) : []);
  const routes: PagePreloadsFile['routes'] = {};
  for (const [route, entry] of Object.entries(file.routes ?? {})) routes[route.toLowerCase()] = { scripts: assets(entry.scripts), styles: assets(entry.styles) };
  const locales: PagePreloadsFile['locales'] = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const [path] = assets([file.locales?.[language]]);
    if (path) locales[language] = path;
  }
  return { routes, locales };
}

/**
 * Chooses the preload links for a page request, as the web app will load it: the landing screen's chunks by the path
 * (src/app/routes.tsx, matched case-insensitively without a trailing slash), the messages by the language the app
 * picks (src/shared/i18n/language.ts: the `language` parameter, else the browser's languages; a language the player
 * chose on an earlier visit is in the browser's storage, where the server cannot see it, and then this guess costs one
 * unused chunk).
 */
export function pagePreloads(webDist: string): (path: string, query: Record<string, unknown>, acceptLanguage: string | undefined) => PreloadChoice {
  const preloads = readPreloads(webDist);
  return (path, query, acceptLanguage) => {
    const key = path.replace(/\/+$/, '').toLowerCase();
    const route = preloads?.routes[key] ? key : '';
    const language = normalizeLanguage(typeof query.language === 'string' ? query.language : undefined) ?? languageFromAcceptLanguage(acceptLanguage);
    if (!preloads) return { route, language, links: '' };
    const screen = preloads.routes[route];
    const scripts = [...(screen?.scripts ?? []), ...(preloads.locales[language] ? [preloads.locales[language]] : [])];
    const links = [
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...(screen?.styles ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ].join('');
    return { route, language, links };
  };
}
