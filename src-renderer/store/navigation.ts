// Which desk screen is shown, mirrored in the URL hash so reloads and the back button work.
import { create } from 'zustand';

export const SCREENS = ['today', 'new', 'orders', 'shipments', 'returns', 'tracking', 'close-day', 'reports', 'audit', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

function fromHash(): Screen {
  const hash = globalThis.location?.hash.replace(/^#\/?/, '') ?? '';
  // Today is the desk's home.
  return (SCREENS as readonly string[]).includes(hash) ? (hash as Screen) : 'today';
}

export interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: fromHash(),
  go(screen) {
    if (globalThis.location && globalThis.location.hash !== `#/${screen}`) globalThis.location.hash = `#/${screen}`;
    set({ screen });
  },
}));

globalThis.addEventListener?.('hashchange', () => useNavigation.setState({ screen: fromHash() }));
