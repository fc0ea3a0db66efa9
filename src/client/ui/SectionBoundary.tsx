import { Component, type ReactNode } from 'react';
import { SectionError } from './SectionState.tsx';

interface Props {
  /** What failed, as the section's own error says it. */
  title: string;
  /** Shown in place of the children when they failed: the section's frame, with `error` inside. */
  fallback: (error: ReactNode) => ReactNode;
  /** Called by Retry before the children render again (e.g. to fetch a failed chunk anew). */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * One page area's own error: a lazily loaded part whose code failed to load, or which threw while
 * rendering, shows its section's error with a retry instead of taking the whole page down.
 */
export class SectionBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback(
      <SectionError
        title={this.props.title}
        error={this.state.error}
        onRetry={() => {
          this.props.onRetry?.();
          this.setState({ error: null });
        }}
      />,
    );
  }
}
