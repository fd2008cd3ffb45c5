import { Fragment } from "react";

/**
 * Splits an address or long token into the pieces a line may break after: each "@" and each
 * dot ends a piece, so "ann.lee@example.com" gives ["ann.", "lee@", "example.", "com"].
 */
export function breakPoints(value: string): string[] {
  return value.match(/[^@.]*[@.]|[^@.]+$/g) ?? [value];
}

/**
 * An email address (or other long token) that wraps only after its "@" and dots, never inside a
 * word: a `<wbr>` marks each point. `break-words` is the last resort for one piece that is wider
 * than its box on its own.
 */
export function EmailText({ value, className = "" }: { value: string; className?: string }) {
  const pieces = breakPoints(value);
  return (
    <span className={className ? `break-words ${className}` : "break-words"}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
