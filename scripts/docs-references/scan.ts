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

/** A broken reference found in one file's text, by its offset; `path`: a missing path, unless .gitignore covers it. */
interface Finding {
  index: number;
  reference: string;
  problem: string;
  path?: boolean;
}

/** What the scanners ask of the repository. */
interface Lookup {
  exists(path: string): boolean;
  sections(markdownPath: string): { anchors: Set<string>; titles: string[] };
  records: Set<string>;
}

/**
 * The files whose text may cite a path, a section or a decision record: documentation, sources, configuration (not the
 * locale catalogues, the lock file or the migrations' snapshots, which are data).
 */
const SCANNED = /(\.(md|ts|tsx|js|mjs|cjs|sql|ya?ml|html|css)|(^|\/)(Dockerfile|Caddyfile|package\.json|tsconfig[\w.]*\.json)|\.example)$/;
/** npm runs a workspace's scripts, and TypeScript reads a tsconfig's paths, from the file's own folder. */
const PACKAGE_CONFIG = /(^|\/)(package|tsconfig[\w.]*)\.json$/;
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const EXTERNAL_LINK = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
const FENCED_BLOCK = /^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm;
/** A path from the repository's root, as prose and comments name files: not part of a URL or a longer path. */
const REPOSITORY_PATH = /(?<![\w./@~-])(?:docs|apps|packages|scripts)\/[^\s'"`()[\],;:|#]*/g;
/** Placeholders and globs: only the folder before them has to exist. */
const PATTERN_CHARACTER = /[*<{$]/;
/** Files the lint rules' test lints by name without writing them: named, never read. */
const LINT_PROBE = /^apps\/\w+\/src\/(?:[\w-]+\/)*(?:zz-probe|config-probe)(?:\.routes|\.handler)?\.ts$/;
/** A section named after a markdown path (in code quotes or not): `, "Title"` or ` "Title"`, across a comment's break. */
const QUOTED_SECTION = /^`?(?:,\s*|\s+)(?:section\s+)?"([^"]{3,200})"/;
const COMMENT_BREAK = /\s*\n\s*(?:\/\/+|\*|#+|--)?\s*/g;
/** The project's spec, design notes and tools live beside the repository, not in it: its readers have none of them. */
const OUTSIDE_PATH = /(?<![\w./@~-])(?:\.\.\/)*shared\/(?:design|spec|tools)\/[^\s'"`()[\],;:|]*/g;
const ADR_CITATION = /\bADRs?\s+(\d{4}(?:\s*(?:,|and|-|–|to)\s*\d{4})*)/g;
const RECORD_FILE = /^docs\/adr\/(\d{4})-[^/]+\.md$/;
const TRAILING_PUNCTUATION = /[.!?]+$/;

/** Every reference in the repository's texts that does not resolve, in file and line order, each once. */
export function findBrokenReferences(repository: Repository): BrokenReference[] {
  const lookup = lookupIn(repository);
  const found: BrokenReference[] = [];
  const missingPaths: BrokenReference[] = [];
  for (const file of repository.files.filter((name) => SCANNED.test(name))) {
    const text = repository.read(file);
    const lineOf = lineCounter(text);
    const findings = [
      ...(file.endsWith('.md') ? linkFindings(file, text, lookup) : []),
      ...pathFindings(file, text, lookup),
      ...outsideFindings(text),
      ...citationFindings(text, lookup),
    ];
    for (const { index, reference, problem, path } of findings) {
      (path ? missingPaths : found).push({ file, line: lineOf(index), reference, problem });
    }
  }
  const ignored = repository.ignored(missingPaths.map((missing) => missing.reference));
  found.push(...missingPaths.filter((missing) => !ignored.has(missing.reference)));
  return unique(found).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function lookupIn(repository: Repository): Lookup {
  const files = new Set(repository.files);
  const folders = folderSet(repository.files);
  const sections = new Map<string, { anchors: Set<string>; titles: string[] }>();
  return {
    exists: (path) => files.has(path) || folders.has(path.replace(/\/$/, '')),
    sections(path) {
      let known = sections.get(path);
      if (!known) {
        const text = repository.read(path);
        known = { anchors: headingAnchors(text), titles: headingTitles(text).map(normalise) };
        sections.set(path, known);
      }
      return known;
    },
    records: new Set(repository.files.flatMap((file) => RECORD_FILE.exec(file)?.[1] ?? [])),
  };
}

/** Relative links of a markdown file (outside code fences) and their anchors. */
function* linkFindings(file: string, text: string, lookup: Lookup): Iterable<Finding> {
  const prose = text.replace(FENCED_BLOCK, (block) => block.replace(/[^\n]/g, ' '));
  for (const match of prose.matchAll(MARKDOWN_LINK)) {
    const target = match[1]!;
    if (EXTERNAL_LINK.test(target)) continue;
    const [pathPart = '', anchor] = target.split('#', 2);
    const path =
      pathPart === '' ? file : posix.normalize(pathPart.startsWith('/') ? pathPart.slice(1) : posix.join(posix.dirname(file), pathPart));
    const problem =
      path === '..' || path.startsWith('../')
        ? 'points outside the repository'
        : !lookup.exists(path)
          ? 'no such file or folder'
          : anchor !== undefined && path.endsWith('.md') && !lookup.sections(path).anchors.has(decodeURIComponent(anchor))
            ? `no heading with the anchor #${anchor} in ${path}`
            : undefined;
    if (problem) yield { index: match.index, reference: target, problem };
  }
}

/** Paths from the repository's root, and the section a markdown path is followed by. */
function* pathFindings(file: string, text: string, lookup: Lookup): Iterable<Finding> {
  const base = PACKAGE_CONFIG.test(file) ? posix.dirname(file) : '.';
  for (const match of text.matchAll(REPOSITORY_PATH)) {
    const path = match[0].replace(TRAILING_PUNCTUATION, '');
    if (LINT_PROBE.test(path)) continue;
    const checked = PATTERN_CHARACTER.test(path) ? folderBefore(path) : path;
    const resolved = [checked, posix.join(base, checked)].find((candidate) => lookup.exists(candidate));
    if (resolved === undefined) {
      yield { index: match.index, reference: path, problem: 'no such file or folder', path: true };
      continue;
    }
    const after = text.slice(match.index + match[0].length, match.index + 400).replace(COMMENT_BREAK, ' ');
    const section = QUOTED_SECTION.exec(after)?.[1];
    if (resolved.endsWith('.md') && section !== undefined && !hasSection(lookup.sections(resolved).titles, section)) {
      yield { index: match.index, reference: `${path}, "${section}"`, problem: 'no such section' };
    }
  }
}

function* outsideFindings(text: string): Iterable<Finding> {
  for (const match of text.matchAll(OUTSIDE_PATH)) {
    yield { index: match.index, reference: match[0].replace(TRAILING_PUNCTUATION, ''), problem: 'points outside the repository' };
  }
}

/** "ADR 0019", "ADRs 0001, 0005": each number needs its record. */
function* citationFindings(text: string, lookup: Lookup): Iterable<Finding> {
  for (const match of text.matchAll(ADR_CITATION)) {
    for (const number of match[1]!.match(/\d{4}/g)!) {
      if (!lookup.records.has(number)) {
        yield { index: match.index, reference: `ADR ${number}`, problem: 'no decision record with this number in docs/adr' };
      }
    }
  }
}

/** A markdown link to a missing file is also a missing path: reported once. */
function unique(references: BrokenReference[]): BrokenReference[] {
  const seen = new Set<string>();
  return references.filter((entry) => {
    const key = `${entry.file}:${entry.line}:${entry.reference}:${entry.problem}`;
    return !seen.has(key) && seen.add(key);
  });
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

/** Offset to line number, by binary search over the line starts. */
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
