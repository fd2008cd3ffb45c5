import { type ComponentProps, type ReactNode, useId } from "react";

/** The look of a text input, select or textarea: one class of app.css (decision 069). */
const inputClass = "input";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error message, wired for assistive technology. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The props that tie a control to what FieldShell shows under it: its error (and aria-invalid)
 * or else its hint. Spread them on the control inside a FieldShell with the same id.
 */
export function fieldDescription(id: string, error?: string, hint?: ReactNode) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** Props shared by the field components. */
interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text input with its error. */
export function TextField({ label, error, hint, id, ...input }: FieldProps & ComponentProps<"input">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <input id={fieldId} className={inputClass} {...fieldDescription(fieldId, error, hint)} {...input} />
    </FieldShell>
  );
}

/** A labelled textarea with its error. */
export function TextAreaField({ label, error, hint, id, ...textarea }: FieldProps & ComponentProps<"textarea">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea id={fieldId} className={inputClass} {...fieldDescription(fieldId, error, hint)} {...textarea} />
    </FieldShell>
  );
}

export { inputClass };
