// `npm start` rebuilds only what changed. A part's build leaves a stamp file in its output folder whose time is when that
// build started; the part is up to date when the stamp exists and no file or folder among its sources changed since. A
// folder's time changes when an entry is added, removed or renamed, so deleted files count too. Walking the source
// folders' metadata takes milliseconds, far less than a build.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = '.build-stamp';

/** The newest modification time (ms) of the given files and folders and of everything inside the folders. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    // gone since its folder was read (an editor's temporary file): nothing to compare
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules') visit(join(path, entry));
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

export function isUpToDate(outputFolder: string, sources: string[]): boolean {
  const stamp = join(outputFolder, STAMP);
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestChange(sources);
}

/** Marks a finished build that started at `startedAt` (a source saved during the build makes the next start rebuild). */
export function writeStamp(outputFolder: string, startedAt: Date): void {
  const stamp = join(outputFolder, STAMP);
  writeFileSync(stamp, 'written by scripts/build.ts when this build finished; its time is when the build started\n');
  utimesSync(stamp, startedAt, startedAt);
}
