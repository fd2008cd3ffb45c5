import { useEffect, useId, useState } from "react";

/** A field of a form and the value the admin gave it. */
type Choice = readonly [name: string, value: string];

/** The default of a single select: the option the server marked selected, else the first one. */
function defaultOption(select: HTMLSelectElement): string | undefined {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value;
}

/** The fields of `form` whose value is no longer the one the server's HTML gave them. */
function changedFields(form: HTMLFormElement): Choice[] {
  const changed: Choice[] = [];
  for (const field of form.elements) {
    if (field instanceof HTMLSelectElement && !field.multiple) {
      if (field.name && field.value !== defaultOption(field)) changed.push([field.name, field.value]);
    } else if (
      field instanceof HTMLInputElement &&
      field.type !== "hidden" &&
      field.type !== "checkbox" &&
      field.type !== "radio"
    ) {
      if (field.name && field.value !== field.defaultValue) changed.push([field.name, field.value]);
    }
  }
  return changed;
}

/** The server-rendered form with this id as the page is being hydrated; null on a client-side mount. */
function serverForm(id: string): HTMLFormElement | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(id);
  return element instanceof HTMLFormElement ? element : null;
}

/**
 * Keeps what the admin chose in a server-rendered GET form before the page's JavaScript ran.
 * Until hydration the form has no change handlers, and hydrating resets an uncontrolled select
 * to its `defaultValue`, so such a choice would snap back unapplied once the Apply button is
 * gone. Returns the id to give the form; once hydrated, puts the early choices back into the
 * form and calls `apply` with it, so the page shows and applies what the admin chose.
 */
export function useChoicesBeforeHydration(apply: (form: HTMLFormElement) => void): string {
  const id = useId();
  // Read in the first render: it runs before React hydrates (and resets) the form's fields.
  const [early] = useState(() => {
    const form = serverForm(id);
    return form ? changedFields(form) : [];
  });
  useEffect(() => {
    const form = serverForm(id);
    if (!form || early.length === 0) return;
    for (const [name, value] of early) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) field.value = value;
    }
    apply(form);
    // Once, on hydration: later changes go through the form's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return id;
}
