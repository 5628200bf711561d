import { AlertTriangle } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { MarkInteractive } from "./mark-interactive";

export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : "An unexpected error occurred";
  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <div className="rounded-full bg-red-50 p-4 text-red-600">
        <AlertTriangle className="size-8" aria-hidden />
      </div>
      <h1 className="font-bold text-2xl text-stone-900">Something went wrong</h1>
      <p className="max-w-md text-stone-600">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
      <MarkInteractive />
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey?: string;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error("An unexpected error occurred") };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Uncaught error", error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
