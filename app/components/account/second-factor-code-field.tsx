import { TextField } from "~/components/ui/field";

/**
 * The code field of every second-factor form (docs/product.md#second-factor): the authenticator's
 * 6 digits, or a recovery code where `recovery` allows one. A text field, not a number: a code may
 * start with 0, and a recovery code has letters.
 */
export function SecondFactorCodeField({
  error,
  recovery = true,
  autoFocus = false,
}: {
  error?: string;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Authentication code"
      name="code"
      inputMode={recovery ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      autoFocus={autoFocus}
      error={error}
      hint={
        recovery
          ? "The 6-digit code your authenticator app shows, or one of your recovery codes."
          : "The 6-digit code your authenticator app shows."
      }
    />
  );
}
