import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n.ts';
import { isPartLoadError } from '../../lib/lazy/load-part.ts';

/**
 * What a route shows when its code part did not load (section 9's 120 s time-out, a network drop, or a new
 * version whose old chunks are gone) or its page failed: a plain message and a retry, never a white page. Plain React
 * and CSS: it is also what shows when the Ant Design layout itself does not load (ADR 0038).
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const partLoad = isPartLoadError(error);
  return (
    <div className={`plain-result plain-result-${partLoad ? 'warning' : 'error'}`}>
      <span className="plain-result-mark" aria-hidden>
        {partLoad ? '!' : '✕'}
      </span>
      <h1 className="plain-result-title">{partLoad ? t('errors.partLoad') : t('errors.unexpected')}</h1>
      <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
        {t('errors.partLoadRetry')}
      </button>
    </div>
  );
}

type CatcherProps = { children: ReactNode; path: string };
type CatcherState = { failed: boolean; error: unknown; path: string };

/** Shows RouteError in place of what it holds when that throws while rendering; on the next path it tries again. */
class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  constructor(props: CatcherProps) {
    super(props);
    this.state = { failed: false, error: undefined, path: props.path };
  }

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.path === state.path ? null : { failed: false, error: undefined, path: props.path };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error boundary of a route (the root, the Ant Design layout, each page): a page that fails shows the message and
 * its retry where it would be, inside the shell where there is one.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher path={pathname}>{children}</ErrorCatcher>;
}
