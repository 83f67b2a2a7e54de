import { Component, type ReactNode } from 'react';
import { Alert } from '@mantine/core';

interface Props {
  /** Translated heading, e.g. 'This form could not be drawn.' */
  title: string;
  children: ReactNode;
}

/**
 * Keeps a broken form (say, a field type this client does not know) from blanking the screen:
 * it shows what went wrong in place of the form, and the rest of the screen keeps working.
 */
export class FormErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('form failed to render', error);
  }

  override render() {
    if (this.state.error) {
      return (
        <Alert color="red" title={this.props.title} role="alert">
          {this.state.error.message}
        </Alert>
      );
    }
    return this.props.children;
  }
}
