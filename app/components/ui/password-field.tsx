import { EyeIcon, EyeSlashIcon } from "@heroicons/react/20/solid";
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";

import { FieldShell, fieldDescription, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";

const toggleClass =
  "absolute inset-y-0 right-0 flex cursor-pointer items-center px-3 text-slate-500 hover:text-slate-700 peer-focus-visible:text-brand-700";

/**
 * A password input with a show/hide toggle that works with and without JavaScript.
 * Without JavaScript the input is a text input masked by CSS (`-webkit-text-security`) and the
 * toggle is a checkbox that lifts the mask; once JavaScript runs it becomes a real password
 * input and the toggle switches its type.
 */
export function PasswordField({
  label,
  error,
  id,
  ...input
}: { label: ReactNode; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const generated = useId();
  const fieldId = id ?? generated;
  const toggleId = `${fieldId}-show`;
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);

  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <div className="relative">
        <input
          id={toggleId}
          type="checkbox"
          className="peer sr-only"
          onChange={(event) => setVisible(event.target.checked)}
          aria-label={visible ? "Hide password" : "Show password"}
        />
        <input
          id={fieldId}
          type={hydrated && !visible ? "password" : "text"}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass} pr-10 ${hydrated ? "" : "[-webkit-text-security:disc] peer-checked:[-webkit-text-security:none]"}`}
          {...fieldDescription(fieldId, error)}
          {...input}
        />
        <label htmlFor={toggleId} className={`${toggleClass} peer-checked:hidden`} title="Show password">
          <EyeIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Show password</span>
        </label>
        <label htmlFor={toggleId} className={`${toggleClass} hidden peer-checked:flex`} title="Hide password">
          <EyeSlashIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Hide password</span>
        </label>
      </div>
    </FieldShell>
  );
}
