// Escape inside a popover or a menu closes that one alone, not the dialog around it (the card
// dialog's Share). Mantine's dialogs listen for Escape on the window in the capture phase and
// skip only targets marked data-mantine-stop-propagation; this marks the target for that one
// event. Installed before the first render, so it runs before any dialog's listener.
//
// A popover closes on an Escape pressed inside it; right after it opens, the focus may still be
// on the button that opened it (its focus trap moves in a moment later). Escape there is passed
// on to the open popover, so it closes whenever the person presses it.

const POPUP_SELECTOR = '.mantine-Popover-dropdown, .mantine-Menu-dropdown';
const MARK = 'data-mantine-stop-propagation';

const markForThisEvent = (target: HTMLElement) => {
  target.setAttribute(MARK, 'true');
  setTimeout(() => target.removeAttribute(MARK), 0);
};

/** The open popover `target` opened (Mantine names it in aria-controls while it is open). */
const openedPopup = (target: HTMLElement): HTMLElement | null => {
  if (target.getAttribute('aria-expanded') !== 'true') return null;
  const id = target.getAttribute('aria-controls');
  const popup = id ? document.getElementById(id) : null;
  return popup?.matches(POPUP_SELECTOR) ? popup : null;
};

export const installPopoverEscape = () => {
  window.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (event.key !== 'Escape' || !(target instanceof HTMLElement) || target.hasAttribute(MARK)) return;
      if (target.closest(POPUP_SELECTOR)) {
        markForThisEvent(target);
        return;
      }
      const popup = openedPopup(target);
      if (!popup) return;
      markForThisEvent(target);
      popup.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    },
    { capture: true },
  );
};
