import { Component, type ReactNode } from "react";
import { useMessages } from "../shared/i18n/i18n";
import { routeErrorMessages } from "./messages";

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
    return <RouteFailed />;
  }
}

function RouteFailed() {
  const t = useMessages(routeErrorMessages);
  return (
    <div className="route-error" role="alert">
      <h1>{t.heading}</h1>
      <p>{t.detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t.reload}
      </button>
    </div>
  );
}
