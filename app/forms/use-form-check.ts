import { type FormEvent, useEffect, useRef, useState } from "react";
import type { $ZodType } from "zod/v4/core";

import type { FieldMessages } from "~/forms/check-fields";
import { loadCheckFields } from "~/forms/schema-loaders.client";

/** Field errors as an action returns them (see FormErrors in form-data.server.ts). */
export type ServerFieldErrors = Record<string, { message?: string } | undefined>;

/** Loads a form's schema: a dynamic import, so zod stays out of the page's first load. */
export type SchemaLoader = () => Promise<$ZodType>;

/** Checks a form's values: the first message of each failing field, empty when it may be sent. */
type Checker = (values: Record<string, unknown>) => FieldMessages;

/** A form's named values as a browser would submit them (repeated names keep the last). */
function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * Checks a native form in the browser with the same zod/mini schema the action uses, and
 * shows the action's field errors too. The form stays a plain `<Form>` whose fields are named,
 * uncontrolled inputs: it posts the same fields with or without JavaScript, and without it the
 * action answers the same messages.
 *
 * The schema and zod's code load after hydration (`loadSchema`, called once from an effect), not
 * with the page (docs/decisions/026-form-code-after-first-load.md). A form submitted before
 * they have arrived is simply sent: the action checks it with the same schema and answers the
 * same messages.
 *
 * - On submit, a failing form is not sent; its messages show and the first wrong field gets focus.
 * - A field's message clears as soon as the field is edited (docs/product.md#form-validation-rules); the next submit checks again.
 * - A new answer from the action replaces the browser's messages with the server's.
 */
export function useFormCheck(loadSchema: SchemaLoader, serverErrors?: ServerFieldErrors) {
  // Null until the schema and the checking code have loaded.
  const checker = useRef<Checker | null>(null);
  useEffect(() => {
    let mounted = true;
    Promise.all([loadSchema(), loadCheckFields()]).then(
      ([schema, checkFields]) => {
        if (mounted) checker.current = (values) => checkFields(schema, values);
      },
      // A chunk that fails to load (offline, a deploy in between) leaves the checks to the action.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
    // Once per form: the loader is a new arrow on every render but always loads the same schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // null until the browser has checked the form since the action last answered.
  const [checked, setChecked] = useState<FieldMessages | null>(null);
  // A new answer resets it while rendering (React's way for state that follows a prop).
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setChecked(null);
  }

  function error(name: string): string | undefined {
    return checked ? checked[name] : serverErrors?.[name]?.message;
  }

  /** Checks the whole form; returns the messages, empty when it may be sent. */
  function onSubmit(event: FormEvent<HTMLFormElement>): FieldMessages {
    const check = checker.current;
    // Not loaded yet: the form is sent as it is and the action answers.
    if (!check) return {};
    const messages = check(valuesOf(event.currentTarget));
    setChecked(messages);
    const names = Object.keys(messages);
    if (names.length > 0) {
      event.preventDefault();
      const first = [...event.currentTarget.elements].find(
        (element): element is HTMLInputElement =>
          "name" in element && names.includes((element as HTMLInputElement).name),
      );
      first?.focus();
    }
    return messages;
  }

  /** Clears the message of the field being edited (bind to the form's onChange). */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!name || error(name) === undefined) return;
    setChecked((current) => {
      const { [name]: _cleared, ...rest } = current ?? serverMessages(serverErrors);
      return rest;
    });
  }

  /** Spread on the `<Form>`: the browser's own checks give way to the schema's messages. */
  const props = { onSubmit, onChange, noValidate: true } as const;

  return { error, onSubmit, props };
}

function serverMessages(errors: ServerFieldErrors | undefined): FieldMessages {
  const messages: FieldMessages = {};
  for (const [name, value] of Object.entries(errors ?? {})) if (value?.message) messages[name] = value.message;
  return messages;
}
