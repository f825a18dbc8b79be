import type { ReactNode } from "react";

interface RefusalProps {
  children: ReactNode;
  testId: string;
  /** A toast reads the same words out already: shown, not announced twice. */
  announced?: boolean;
  className?: string;
}

/**
 * Why something was refused, on the page beside what it concerns: it stays readable after a toast has gone, it shows
 * without JavaScript, and it is read out when it appears (`role="alert"`) unless a toast already does.
 */
export function Refusal({ children, testId, announced = false, className = "" }: RefusalProps) {
  return (
    <p
      role={announced ? undefined : "alert"}
      className={`rounded-md bg-red-50 p-3 text-sm text-red-800 ${className}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
