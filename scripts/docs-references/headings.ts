// The anchors GitHub gives a markdown file's headings, so that links to an anchor and the section names quoted after
// a markdown file's path can be checked against the file they point at.

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** The text of every ATX heading outside code fences, in order. */
export function headingTitles(markdown: string): string[] {
  const titles: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence) {
      const match = HEADING.exec(line);
      if (match?.[2]) titles.push(match[2]);
    }
  }
  return titles;
}

/** GitHub's slug: inline markup dropped, lower case, punctuation removed, each space a hyphen; repeats get -1, -2. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const title of headingTitles(markdown)) {
    const base = slug(title);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function slug(title: string): string {
  return plainText(title)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** A heading as a reader sees it: links reduced to their text, code and emphasis marks dropped. */
export function plainText(title: string): string {
  return title.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
}
