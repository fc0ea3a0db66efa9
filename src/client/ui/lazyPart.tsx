import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';
import { SectionBoundary } from './SectionBoundary.tsx';
import { SectionLoading } from './SectionState.tsx';
import { showError } from './toast.ts';

// Parts of a page whose code loads when they are first needed, so that the page's first load
// stays small (decision 095). React.lazy does not retry a failed import: Retry makes a new one.

type Load<P> = () => Promise<ComponentType<P>>;

const lazyOf = <P,>(load: Load<P>) => lazy(async () => ({ default: await load() }));

/** A dialog's own "open" prop; a dialog opened by a state of its own says so with `isOpen`. */
const openedProp = (props: object) => 'opened' in props && props.opened === true;

/**
 * A dialog whose code loads the first time it opens. Until then it renders nothing; while its
 * code loads, a spinner over the page. Once opened it stays mounted, so it closes with its transition.
 */
export const lazyDialog = <P extends object>(load: Load<P>, isOpen: (props: P) => boolean = openedProp) => {
  const Dialog = lazyOf(load);
  return (props: P) => {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense
        fallback={
          <Center pos="fixed" inset={0} style={{ zIndex: 300 }} role="status" aria-label={messages.loading}>
            <Loader />
          </Center>
        }
      >
        <Dialog {...props} />
      </Suspense>
    );
  };
};

/**
 * A section of a page (a widget, a list) whose code loads when it is first shown, with the
 * section's loading state meanwhile. `minHeight` keeps the space it will take, so nothing below
 * moves when it arrives. Its code failing to load shows the section's error with a retry.
 */
export const lazySection = <P extends object>(
  load: Load<P>,
  {
    failed,
    minHeight = 0,
    frame = (content) => content,
  }: {
    /** The section's "could not be loaded" title. */
    failed: string;
    minHeight?: number;
    /** The section's frame around its loading state or error. */
    frame?: (content: ReactNode) => ReactNode;
  },
) => {
  const Section = (props: P) => {
    const [Part, setPart] = useState(() => lazyOf(load));
    return (
      <SectionBoundary title={failed} onRetry={() => setPart(() => lazyOf(load))} fallback={frame}>
        <Suspense fallback={<div style={{ minHeight }}>{frame(<SectionLoading />)}</div>}>
          <Part {...props} />
        </Suspense>
      </SectionBoundary>
    );
  };
  return Section;
};

/** The code of a part, fetched once for the whole page; a failed fetch is tried again next time. */
const fetchedOnce = <C,>(load: () => Promise<C>) => {
  let loaded: C | null = null;
  let loading: Promise<C | null> | null = null;
  return {
    now: () => loaded,
    fetch: () => {
      loading ??= load().then(
        (code) => {
          loaded = code;
          return code;
        },
        () => {
          loading = null;
          return null;
        },
      );
      return loading;
    },
  };
};

/**
 * A small extra of the shell (the top bar's next meeting, the sidebar's live meetings) that shows
 * nothing until its data says so: its code loads right after the first paint, and if it fails to
 * load the part stays away, as it does when its data fails.
 */
export const lazyExtra = <P extends object>(load: Load<P>) => {
  const code = fetchedOnce(load);
  return (props: P) => {
    const [Part, setPart] = useState(code.now);
    // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, after the first paint
    useEffect(() => {
      if (!Part) void code.fetch().then((part) => part && setPart(() => part));
    }, []);
    return Part ? <Part {...props} /> : null;
  };
};

/**
 * A control of the top bar (a menu, a popover) whose button shows at once and whose code loads
 * right after the first paint. Until it arrives `Stand` (the same button, without its dropdown)
 * takes its place; a press on it opens the control as soon as it is there (`defaultOpened`), and
 * keyboard focus on it moves to the control's button. If the code failed to load, a press tries
 * again, and says so when it fails again.
 */
export const lazyControl = <P extends object>(
  load: Load<P & { defaultOpened?: boolean }>,
  Stand: ComponentType<P & { onOpen: () => void }>,
) => {
  const code = fetchedOnce(load);
  return (props: P) => {
    const [Control, setControl] = useState(code.now);
    const [openAtStart, setOpenAtStart] = useState(false);
    const box = useRef<HTMLSpanElement>(null);
    const focusOnArrival = useRef(false);
    const arrive = (pressed: boolean) =>
      code.fetch().then((control) => {
        if (!control) {
          if (pressed) showError(clientMessages.partLoadFailed);
          return;
        }
        if (!box.current) return;
        focusOnArrival.current = box.current.contains(document.activeElement);
        setControl(() => control);
      });
    // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, after the first paint
    useEffect(() => {
      if (!Control) void arrive(false);
    }, []);
    useEffect(() => {
      if (Control && focusOnArrival.current) box.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    }, [Control]);
    return (
      <span ref={box} style={{ display: 'contents' }}>
        {Control ? (
          <Control {...props} defaultOpened={openAtStart} />
        ) : (
          <Stand
            {...props}
            onOpen={() => {
              setOpenAtStart(true);
              void arrive(true);
            }}
          />
        )}
      </span>
    );
  };
};
