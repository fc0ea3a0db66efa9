import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { SectionBoundary } from './SectionBoundary.tsx';
import { SectionLoading } from './SectionState.tsx';

// Parts of a page whose code loads when they are first needed, so that the page's first load
// stays small (decision 095). React.lazy does not retry a failed import: Retry makes a new one.

type Load<P> = () => Promise<ComponentType<P>>;

const lazyOf = <P,>(load: Load<P>) => lazy(async () => ({ default: await load() }));

/**
 * A dialog whose code loads the first time it opens. Until then it renders nothing; while its
 * code loads, a spinner over the page. Once opened it stays mounted, so it closes with its transition.
 */
export const lazyDialog = <P extends { opened: boolean }>(load: Load<P>) => {
  const Dialog = lazyOf(load);
  return (props: P) => {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
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
