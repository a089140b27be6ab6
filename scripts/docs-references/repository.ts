import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the reference check needs to know of a repository. */
export interface Repository {
  /** Every file of the repository, relative to its root, with `/` separators. */
  files: readonly string[];
  read(path: string): string;
  /** The paths (of those given) that .gitignore covers: build outputs a text may name although they are not committed. */
  ignored(paths: readonly string[]): Set<string>;
}

/** The working tree at `root` as git sees it: tracked files and new ones not ignored (so an uncommitted record counts). */
export function gitRepository(root: string): Repository {
  const git = (args: string[], input?: string) =>
    execFileSync('git', args, { cwd: root, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split('\0').filter(Boolean);
  const deleted = new Set(git(['ls-files', '-z', '--deleted']).split('\0').filter(Boolean));
  return {
    files: files.filter((file) => !deleted.has(file)),
    read: (path) => readFileSync(join(root, path), 'utf8'),
    ignored(paths) {
      if (paths.length === 0) return new Set();
      // Asked as a folder too: a pattern such as `dist/` matches only folders, and a build output need not exist yet.
      const asked = paths.flatMap((path) => [path, `${path}/`]).join('\n') + '\n';
      let answer: string;
      try {
        answer = git(['check-ignore', '--no-index', '--stdin'], asked);
      } catch (error) {
        // check-ignore exits 1 when no path is ignored: an answer, not a failure.
        if ((error as { status?: number }).status === 1) return new Set();
        throw error;
      }
      return new Set(answer.split('\n').filter(Boolean).map((path) => path.replace(/\/$/, '')));
    },
  };
}
