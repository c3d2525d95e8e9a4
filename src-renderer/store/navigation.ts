// Which desk screen is shown, mirrored in the URL hash so reloads and the back button work.
import { create } from 'zustand';

export const SCREENS = ['new', 'shipments', 'tracking', 'close-day', 'audit', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

function fromHash(): Screen {
  const hash = globalThis.location?.hash.replace(/^#\/?/, '') ?? '';
  return (SCREENS as readonly string[]).includes(hash) ? (hash as Screen) : 'new';
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
