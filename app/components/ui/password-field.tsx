import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from "react";

import { FieldShell, fieldDescription, inputClass } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";

const toggleClass =
  "absolute inset-y-0 right-0 flex cursor-pointer items-center rounded-r-md px-3 text-slate-500 hover:text-slate-700 focus-visible:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * A password input: `type="password"` in the server's HTML, so screen readers, text browsers,
 * form history and password managers treat it as one (decision 011). The show/hide toggle
 * needs JavaScript and appears once the page runs it; without JavaScript there is none.
 */
export function PasswordField({
  label,
  error,
  id,
  ...input
}: { label: ReactNode; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  // A shown password is masked again before its form is submitted: a text input's value would
  // otherwise go into the browser's form history. The DOM is set at once, before React renders.
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const mask = () => {
      if (field.current) field.current.type = "password";
      setVisible(false);
    };
    form.addEventListener("submit", mask, { capture: true });
    return () => form.removeEventListener("submit", mask, { capture: true });
  }, []);

  const toggleLabel = visible ? "Hide password" : "Show password";
  const toggleIcon = visible ? "solid-eye-slash" : "solid-eye";

  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <div className="relative">
        <input
          ref={field}
          id={fieldId}
          type={visible ? "text" : "password"}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass} pr-10`}
          {...fieldDescription(fieldId, error)}
          {...input}
        />
        {hydrated ? (
          <button
            type="button"
            className={toggleClass}
            aria-controls={fieldId}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={() => setVisible((shown) => !shown)}
          >
            <Icon name={toggleIcon} className="size-5" />
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}
