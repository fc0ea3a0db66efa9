import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useEffect } from 'react';
import { useLocation, useNavigate, useRouter } from './hooks.ts';
import { createPath, isExternal, resolvePath, type To } from './path.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the history entry, read back as `location.state`. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser should handle itself: a new tab or window, a download, not the main button. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined, download: unknown) =>
  event.button !== 0 ||
  event.metaKey ||
  event.ctrlKey ||
  event.shiftKey ||
  event.altKey ||
  (target !== undefined && target !== '' && target !== '_self') ||
  download !== undefined;

/**
 * A real anchor (its href opens in a new tab, can be copied) whose plain clicks navigate inside
 * the app. The caller's onClick runs first and may cancel the navigation with preventDefault.
 */
export const Link = ({ to, replace, state, onClick, target, ref, ...anchor }: LinkProps) => {
  const router = useRouter();
  const location = useLocation();
  const external = isExternal(to);
  const href = external ? to : createPath(resolvePath(to, location));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || external || leftToBrowser(event, target, anchor.download)) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a {...anchor} ref={ref} href={href} target={target} onClick={click} />;
};

/** Navigates once rendered (and again if `to` changes): a redirect decided while drawing. */
export const Navigate = ({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) => {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath({ pathname: '', ...to });
  useEffect(() => {
    void navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
};
