// One tooltip for the whole app, for elements that carry `data-hint="…"`. A Mantine Tooltip per
// element sets up its floating machinery on every render, even closed; lists render many rows
// with several hints each (the live meeting's Issues step: an owner, a lock and sometimes a
// locked tick per row). Here a row pays one attribute, and one element is positioned on demand:
// after a short hover, or at once on keyboard focus; Escape, scrolling, leaving or the target
// going away hide it. The hint is visual: each target already names itself (aria-label) with
// the same words.

const OPEN_DELAY_MS = 150;
const GAP = 6;
const MARGIN = 4;

let layer: HTMLDivElement | null = null;
let shownFor: HTMLElement | null = null;
let openTimer: ReturnType<typeof setTimeout> | undefined;
let watchTimer: ReturnType<typeof setInterval> | undefined;

const hintOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-hint]') : null;

const hide = () => {
  clearTimeout(openTimer);
  clearInterval(watchTimer);
  shownFor = null;
  if (layer) layer.hidden = true;
};

const show = (target: HTMLElement) => {
  const text = target.dataset.hint;
  if (!text || !target.isConnected) return hide();
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'cadence-hint';
    layer.setAttribute('role', 'tooltip');
    document.body.append(layer);
  }
  layer.textContent = text;
  layer.hidden = false;
  shownFor = target;
  // Above the target, centred; below it when there is no room above; always inside the window.
  const box = target.getBoundingClientRect();
  const { width, height } = layer.getBoundingClientRect();
  const above = box.top - GAP - height;
  const top = above >= MARGIN ? above : box.bottom + GAP;
  const centre = box.left + box.width / 2;
  const left = Math.min(Math.max(MARGIN, centre - width / 2), window.innerWidth - width - MARGIN);
  layer.style.top = `${top}px`;
  layer.style.left = `${left}px`;
  layer.dataset.side = above >= MARGIN ? 'top' : 'bottom';
  layer.style.setProperty('--hint-arrow-x', `${centre - left}px`);
  // A row re-rendered or removed under the pointer takes its hint with it.
  clearInterval(watchTimer);
  watchTimer = setInterval(() => {
    if (!shownFor?.isConnected) hide();
  }, 250);
};

export const installHints = () => {
  document.addEventListener('pointerover', (event) => {
    const target = hintOf(event.target);
    if (!target || target === shownFor) return;
    hide();
    openTimer = setTimeout(() => show(target), OPEN_DELAY_MS);
  });
  document.addEventListener('pointerout', (event) => {
    const target = hintOf(event.target);
    if (target && !target.contains(event.relatedTarget as Node | null)) hide();
  });
  document.addEventListener('focusin', (event) => {
    const target = hintOf(event.target);
    // Keyboard focus shows it at once; a click's focus leaves it to the hover.
    if (target && event.target instanceof Element && event.target.matches(':focus-visible')) show(target);
  });
  document.addEventListener('focusout', hide);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && shownFor) hide();
  });
  window.addEventListener('scroll', hide, { capture: true, passive: true });
  window.addEventListener('resize', hide, { passive: true });
};
