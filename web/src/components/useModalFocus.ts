import { useEffect, useRef } from 'react';

/** A modal's fields, of which the first enabled one takes the focus. */
const FIELD = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])';

/**
 * A modal's focus from the keyboard (`panelRef` and `afterOpenChange` go on the modal):
 * - once open, its first field has it. AntD's focus lock, taking hold as the modal opens,
 *   would put it on the close button (an `autoFocus` is lost), where a name typed at once goes
 *   nowhere and Enter closes the modal;
 * - once closed, the button that opened it has it again. Our modals are unmounted on closing,
 *   before AntD gives it back, and it fell to the page's body.
 */
export function useModalFocus() {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  const afterOpenChange = (open: boolean) => {
    if (open) panelRef.current?.querySelector<HTMLElement>(FIELD)?.focus();
  };
  return { panelRef, afterOpenChange };
}
