import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the visible part of `root` (the page when
 * none); it then stays true. What is far from view can wait to be rendered: a page of a few thousand
 * elements lays out and restyles in a fraction of the time. `initially`: true from the first render,
 * for what is known to start in view (no second render once the observer has answered).
 */
export const useNearView = (
  ref: RefObject<HTMLElement | null>,
  {
    root,
    rootMargin,
    initially = false,
  }: { root?: RefObject<HTMLElement | null>; rootMargin: string; initially?: boolean },
) => {
  const [near, setNear] = useState(initially);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: root?.current ?? null, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, root, rootMargin]);
  return near;
};
