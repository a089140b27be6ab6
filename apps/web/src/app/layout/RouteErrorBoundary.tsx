import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../../shared/i18n/i18n';

interface Props {
  children: ReactNode;
  /** Changing it (the path) clears a shown error. */
  resetKey: string;
}
interface State {
  error: Error | null;
  resetKey: string;
}

/** Catches a screen that failed to load or render, so the player gets a way out instead of a blank page. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error.name === 'ChunkLoadError' || /dynamically imported module|Loading chunk/i.test(error.message);
    return (
      <main className="shop-page shop-center" role="alert">
        <h1 className="shop-title">
          {t(chunk ? 'error.chunkTitle' : 'error.screenTitle')}
        </h1>
        <p className="shop-muted">
          {t(chunk ? 'error.chunkText' : 'error.screenText')}
        </p>
        <button type="button" className="shop-button shop-button--primary" onClick={() => location.reload()}>
          {t('common.reload')}
        </button>
      </main>
    );
  }
}
