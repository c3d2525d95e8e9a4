// The focus of a dialog over the desk: while it is open the focus is on `target`; when it closes, the focus goes
// back to what had it before, so a packer's next scan or key lands where it did. The shortcuts' help and the stop
// of a blocked parcel both work this way.
import { useEffect, type RefObject } from 'react';

export function useFocusReturn(open: boolean, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    target.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [open, target]);
}
