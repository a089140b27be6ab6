/**
 * React as React Router sees it in the build (vite.config.ts, reactForRouter): preact/compat, plus the statement that
 * React 19's useOptimistic is not there. React Router looks the hook up by name (`React["useOptimistic"]`) and keeps a
 * plain value without it; preact/compat has no such export, which made every build warn that the lookup is always
 * undefined. Here it is undefined by declaration, and React Router takes the same fallback as before. JavaScript, not
 * TypeScript: preact/compat's types are an `export =`, which TypeScript does not let a module re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';
export const useOptimistic = undefined;
