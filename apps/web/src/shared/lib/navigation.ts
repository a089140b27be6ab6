/** Lets non-React modules (the API client, payment widgets) navigate inside the SPA once the router has mounted. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function setNavigator(navigate: Navigate | undefined): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (typeof location !== 'undefined') location.assign(to);
}
