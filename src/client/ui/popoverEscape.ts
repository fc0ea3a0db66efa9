// Escape inside a popover or a menu closes that one alone, not the dialog around it (the card
// dialog's Share). Mantine's dialogs listen for Escape on the window in the capture phase and
// skip only targets marked data-mantine-stop-propagation; this marks the target for that one
// event. Installed before the first render, so it runs before any dialog's listener.

const POPUP_SELECTOR = '.mantine-Popover-dropdown, .mantine-Menu-dropdown';
const MARK = 'data-mantine-stop-propagation';

export const installPopoverEscape = () => {
  window.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (event.key !== 'Escape' || !(target instanceof HTMLElement) || target.hasAttribute(MARK)) return;
      if (!target.closest(POPUP_SELECTOR)) return;
      target.setAttribute(MARK, 'true');
      setTimeout(() => target.removeAttribute(MARK), 0);
    },
    { capture: true },
  );
};
