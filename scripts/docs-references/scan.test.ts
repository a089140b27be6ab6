import { describe, expect, it } from 'vitest';
import { headingAnchors } from './headings.ts';
import { gitRepository, type Repository } from './repository.ts';
import { findBrokenReferences } from './scan.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The fixtures' references are written with a `~` inside (`d~ocs/`, `AD~R`) and planted without it, so that this
 * file's own text holds no broken reference for the scan of the real repository to find.
 */
function repository(files: Record<string, string>, ignoredPaths: string[] = []): Repository {
  const plant = (text: string) => text.replaceAll('~', '');
  const planted = Object.fromEntries(Object.entries(files).map(([path, text]) => [plant(path), plant(text)]));
  const ignoredPlanted = ignoredPaths.map(plant);
  return {
    files: Object.keys(planted),
    read: (path) => planted[path]!,
    ignored: (paths) => new Set(paths.filter((path) => ignoredPlanted.includes(path))),
  };
}

const RECORDS = {
  'd~ocs/adr/0001-first.md': '# 0001 First\n\n## Context of it\n\ntext\n\n## Decision\n',
  'a~pps/server/src/main.ts': '// see AD~R 0001\n',
};

describe('findBrokenReferences', () => {
  it('finds nothing in a repository whose references all resolve', () => {
    const broken = findBrokenReferences(
      repository(
        {
          ...RECORDS,
          'R~EADME.md': [
            'See [the record](d~ocs/adr/0001-first.md#decision), [its context](./d~ocs/adr/0001-first.md#context-of-it),',
            'a~pps/server/src/main.ts, the folder a~pps/server/, a glob a~pps/*/src, a~pps/web/dist (built), AD~R 0001,',
            'd~ocs/adr/0001-first.md, "Decision", and [top](#title).',
            '# Title',
            '```',
            '[not a link](nowhere.md)',
            '```',
          ].join('\n'),
          'a~pps/web/package.json': '{ "scripts": { "size": "node s~cripts/size.mjs" } }',
          'a~pps/web/s~cripts/size.mjs': '',
        },
        ['a~pps/web/dist'],
      ),
    );
    expect(broken).toEqual([]);
  });

  it('lists each reference that does not resolve, with its file and line', () => {
    const broken = findBrokenReferences(
      repository({
        ...RECORDS,
        'd~ocs/guide.md': [
          '# Guide',
          'A [missing file](gone.md) and [one outside](../../elsewhere/notes.md).',
          'A [missing heading](adr/0001-first.md#consequences) and [here](#nowhere).',
          'The path d~ocs/removed.md, AD~R 0002, and AD~Rs 0001, 0003.',
          'The section d~ocs/adr/0001-first.md, "Superseded by" and the notes in ../sh~ared/design/NOTES.md.',
        ].join('\n'),
        'a~pps/web/package.json': '{ "scripts": { "size": "node s~cripts/gone.mjs" } }',
        'a~pps/server/src/x.ts': '/**\n * Why (d~ocs/adr/0001-first.md, "Context\n * of it").\n * Old: d~ocs/adr/0001-first.md, "Rate\n * limits".\n */\n',
      }),
    );
    expect(broken.map(({ file, line, reference, problem }) => `${file}:${line} ${reference}: ${problem}`).sort()).toEqual([
      'a~pps/server/src/x.ts:4 d~ocs/adr/0001-first.md, "Rate limits": no such section',
      'a~pps/web/package.json:1 s~cripts/gone.mjs: no such file or folder',
      'd~ocs/guide.md:2 gone.md: no such file or folder',
      'd~ocs/guide.md:2 ../../elsewhere/notes.md: points outside the repository',
      'd~ocs/guide.md:3 adr/0001-first.md#consequences: no heading with the anchor #consequences in d~ocs/adr/0001-first.md',
      'd~ocs/guide.md:3 #nowhere: no heading with the anchor #nowhere in d~ocs/guide.md',
      'd~ocs/guide.md:4 AD~R 0002: no decision record with this number in d~ocs/adr',
      'd~ocs/guide.md:4 AD~R 0003: no decision record with this number in d~ocs/adr',
      'd~ocs/guide.md:5 d~ocs/adr/0001-first.md, "Superseded by": no such section',
      'd~ocs/guide.md:5 ../sh~ared/design/NOTES.md: points outside the repository',
      'd~ocs/guide.md:4 d~ocs/removed.md: no such file or folder',
    ].map((line) => line.replaceAll('~', '')).sort());
  });
});

describe('headingAnchors', () => {
  it('makes the anchors GitHub makes, numbering repeats', () => {
    expect([...headingAnchors('# 0007. Jobs: our outbox, not pg-boss\n## Context\n## Context\n## `code` and *marks*\n')]).toEqual([
      '0007-jobs-our-outbox-not-pg-boss',
      'context',
      'context-1',
      'code-and-marks',
    ]);
  });
});

describe('the repository', () => {
  it('cites only decision records, sections and files that exist', () => {
    const broken = findBrokenReferences(gitRepository(ROOT));
    expect(broken.map(({ file, line, reference, problem }) => `${file}:${line}: ${reference} (${problem})`)).toEqual([]);
  });
});
