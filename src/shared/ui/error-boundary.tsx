import { Component, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What to show instead of the children once they threw; `reset` draws them again. */
  fallback(reset: () => void): ReactNode;
  /** A change of this value clears the error (e.g. the location: another screen is drawn). */
  resetKey?: unknown;
  children: ReactNode;
}

/**
 * Catches what its children throw while drawing, so the rest of the page stays: used around each
 * screen (the header and navigation stay) and around the lazily loaded dialogs (the screen and
 * its form stay when a dialog's code cannot load).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
