/**
 * The update check (spec sections 2 and 9): every 60 000 ms the page asks the server for its build id
 * (GET /api/common/version); when it differs from the build this page was served with, the update dialog offers a
 * reload. Runs without React and loads the dialog only when it is needed.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

/** A newer build is out when the server answers with a build id other than ours ("dev" builds never prompt). */
export function isNewBuild(current: string, served: unknown): boolean {
  if (!current || current === 'dev') return false;
  return typeof served === 'string' && served.length > 0 && served !== 'dev' && served !== current;
}

export interface UpdateCheckOptions {
  currentBuildId: string;
  apiBase: string;
  onNewVersion: () => void;
  intervalMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** Starts the periodic check; returns the function that stops it. It prompts once, then stops checking. */
export function startUpdateCheck(options: UpdateCheckOptions): () => void {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  let stopped = false;
  const check = async () => {
    if (stopped || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
    try {
      const response = await fetcher(`${options.apiBase}/common/version`, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const body = (await response.json()) as { data?: { buildId?: unknown } };
      if (!stopped && isNewBuild(options.currentBuildId, body.data?.buildId)) {
        stop();
        options.onNewVersion();
      }
    } catch {
      // offline or the server restarting: try again next time
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}
