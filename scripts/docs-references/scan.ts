import { posix } from 'node:path';
import { headingAnchors, headingTitles, plainText } from './headings.ts';
import type { Repository } from './repository.ts';

/** A reference that does not resolve: where it is and why. */
export interface BrokenReference {
  file: string;
  line: number;
  reference: string;
  problem: string;
}

/** The files whose text may cite a path, a section or a decision record: documentation, sources, configuration (not the
 * locale catalogues, the lock file or the migrations' snapshots, which are data). */
const SCANNED = /(\.(md|ts|tsx|js|mjs|cjs|sql|ya?ml|html|css)|(^|\/)(Dockerfile|Caddyfile|package\.json|tsconfig[\w.]*\.json)|\.example)$/;
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const EXTERNAL_LINK = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
/** A path from the repository's root, as prose and comments name files: not part of a URL or a longer path. */
const REPOSITORY_PATH = /(?<![\w./@~-])(?:docs|apps|packages|scripts)\/[^\s'"`()[\],;:|#]*/g;
/** The project's spec, design notes and tools live beside the repository, not in it: a reader of the repository has none. */
const OUTSIDE_PATH = /(?<![\w./@~-])(?:\.\.\/)*shared\/(?:design|spec|tools)\/[^\s'"`()[\],;:|]*/g;
/** Files the lint rules' test lints by name without writing them: named, never read. */
const LINT_PROBE = /^apps\/\w+\/src\/(?:[\w-]+\/)*(?:zz-probe|config-probe)(?:\.routes)?\.ts$/;
const PACKAGE_CONFIG = /(^|\/)(package|tsconfig[\w.]*)\.json$/;
/** Placeholders and globs: only the folder before them has to exist. */
const PATTERN_CHARACTER = /[*<{$]/;
/** A section named after a markdown path (in code quotes or not): `, "Title"` or ` "Title"`, possibly across a comment's line break. */
const QUOTED_SECTION = /^`?(?:,\s*|\s+)(?:section\s+)?"([^"]{3,200})"/;
const COMMENT_BREAK = /\s*\n\s*(?:\/\/+|\*|#+|--)?\s*/g;
const ADR_CITATION = /\bADRs?\s+(\d{4}(?:\s*(?:,|and|-|–|to)\s*\d{4})*)/g;
const RECORD_FILE = /^docs\/adr\/(\d{4})-[^/]+\.md$/;
const FENCED_BLOCK = /^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm;

/** Every reference in the repository's texts that does not resolve, in file and line order. */
export function findBrokenReferences(repository: Repository): BrokenReference[] {
  const files = new Set(repository.files);
  const folders = folderSet(repository.files);
  const records = new Set(repository.files.flatMap((file) => RECORD_FILE.exec(file)?.[1] ?? []));
  const markdown = new Map<string, { anchors: Set<string>; titles: string[] }>();
  const sectionsOf = (path: string) => {
    let sections = markdown.get(path);
    if (!sections) {
      const text = repository.read(path);
      sections = { anchors: headingAnchors(text), titles: headingTitles(text).map(normalise) };
      markdown.set(path, sections);
    }
    return sections;
  };
  const exists = (path: string) => files.has(path) || folders.has(path.replace(/\/$/, ''));

  const broken: BrokenReference[] = [];
  const missingPaths: BrokenReference[] = [];
  for (const file of repository.files.filter((name) => SCANNED.test(name))) {
    const text = repository.read(file);
    const lineOf = lineCounter(text);
    const report = (index: number, reference: string, problem: string) =>
      broken.push({ file, line: lineOf(index), reference, problem });

    if (file.endsWith('.md')) {
      const prose = text.replace(FENCED_BLOCK, (block) => block.replace(/[^\n]/g, ' '));
      for (const match of prose.matchAll(MARKDOWN_LINK)) {
        const problem = linkProblem(file, match[1]!, exists, sectionsOf);
        if (problem) report(match.index, match[1]!, problem);
      }
    }

    // npm runs a workspace's scripts, and TypeScript reads a tsconfig's paths, from the file's own folder.
    const base = PACKAGE_CONFIG.test(file) ? posix.dirname(file) : '.';
    for (const match of text.matchAll(REPOSITORY_PATH)) {
      const path = match[0].replace(/[.!?]+$/, '');
      const checked = PATTERN_CHARACTER.test(path) ? folderBefore(path) : path;
      if (LINT_PROBE.test(path)) continue;
      if (!exists(checked) && !exists(posix.join(base, checked))) {
        missingPaths.push({ file, line: lineOf(match.index), reference: path, problem: 'no such file or folder' });
        continue;
      }
      const section = QUOTED_SECTION.exec(text.slice(match.index + match[0].length, match.index + 400).replace(COMMENT_BREAK, ' '));
      if (path.endsWith('.md') && section && !hasSection(sectionsOf(path).titles, section[1]!)) {
        report(match.index, `${path}, "${section[1]}"`, 'no such section');
      }
    }

    for (const match of text.matchAll(OUTSIDE_PATH)) report(match.index, match[0].replace(/[.!?]+$/, ''), 'points outside the repository');

    for (const match of text.matchAll(ADR_CITATION)) {
      for (const number of match[1]!.match(/\d{4}/g)!) {
        if (!records.has(number)) report(match.index, `ADR ${number}`, 'no decision record with this number in docs/adr');
      }
    }
  }
  const ignored = repository.ignored(missingPaths.map((missing) => missing.reference));
  broken.push(...missingPaths.filter((missing) => !ignored.has(missing.reference)));
  // A markdown link to a missing file is also a missing path: report it once.
  const seen = new Set<string>();
  const unique = broken.filter((entry) => {
    const key = `${entry.file}:${entry.line}:${entry.reference}:${entry.problem}`;
    return !seen.has(key) && seen.add(key);
  });
  return unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function linkProblem(
  file: string,
  target: string,
  exists: (path: string) => boolean,
  sectionsOf: (path: string) => { anchors: Set<string> },
): string | undefined {
  if (EXTERNAL_LINK.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = pathPart === '' ? file : posix.normalize(pathPart.startsWith('/') ? pathPart.slice(1) : posix.join(posix.dirname(file), pathPart));
  if (path.startsWith('../') || path === '..') return 'points outside the repository';
  if (!exists(path)) return 'no such file or folder';
  if (anchor !== undefined && path.endsWith('.md') && !sectionsOf(path).anchors.has(decodeURIComponent(anchor))) {
    return `no heading with the anchor #${anchor} in ${path}`;
  }
  return undefined;
}

function hasSection(titles: readonly string[], quoted: string): boolean {
  const wanted = normalise(quoted);
  return titles.some((title) => title.startsWith(wanted));
}

function normalise(title: string): string {
  return plainText(title).replace(/\s+/g, ' ').trim().toLowerCase();
}

function folderBefore(path: string): string {
  const beforePattern = path.slice(0, path.search(PATTERN_CHARACTER));
  return beforePattern.slice(0, beforePattern.lastIndexOf('/'));
}

function folderSet(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    for (let cut = file.indexOf('/'); cut !== -1; cut = file.indexOf('/', cut + 1)) folders.add(file.slice(0, cut));
  }
  return folders;
}

function lineCounter(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
