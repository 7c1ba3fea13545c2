// A bridge so that code outside React (session, http) can navigate with the app's router.
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options);
  else if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
}
