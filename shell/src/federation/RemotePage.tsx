import { ErrorState, LoadingState, type RemotePages } from '@labeldesk/ui';
import { Component, type ErrorInfo, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { RemoteName } from '../../../federation.config';
import { loadRemotePages } from './load-remote';

const REMOTE_TITLES: Record<RemoteName, string> = {
  customer: 'customer screens',
  admin: 'admin screens',
  amazon: 'Amazon tools',
};

class RemoteErrorBoundary extends Component<
  { children: ReactNode; onRetry: () => void; remote: RemoteName },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote "${this.props.remote}" failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={`Could not load the ${REMOTE_TITLES[this.props.remote]}`}
          message="Part of the application failed to load. Check your connection and try again."
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState = { kind: 'loading' } | { kind: 'ready'; pages: RemotePages } | { kind: 'failed'; error: Error };

/** Renders one page of a remote inside an error boundary, with a loading state and a retry. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    loadRemotePages(remote).then(
      (pages) => active && setState({ kind: 'ready', pages }),
      (error: unknown) => {
        console.error(`Remote "${remote}" could not be loaded`, error);
        if (active) setState({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.kind === 'loading') return <LoadingState />;
  if (state.kind === 'failed') {
    return (
      <ErrorState
        title={`Could not load the ${REMOTE_TITLES[remote]}`}
        message="Part of the application failed to load. Check your connection and try again."
        onRetry={retry}
      />
    );
  }
  const Page = state.pages[page];
  if (!Page)
    return <ErrorState title="Page not found" message={`The ${REMOTE_TITLES[remote]} have no page "${page}".`} />;
  return (
    <RemoteErrorBoundary remote={remote} onRetry={retry} key={`${page}:${attempt}`}>
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
