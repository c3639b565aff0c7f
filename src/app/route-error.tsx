import { Component, type ReactNode } from "react";

interface Props {
  /** A new value (the next path) clears the error, so the visitor can navigate away from it. */
  resetKey: string;
  children: ReactNode;
}

/** Shown when a screen fails to load (e.g. its chunk could not be fetched while offline) or throws. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; resetKey: string }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="route-error" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be loaded. Check your connection and try again.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
