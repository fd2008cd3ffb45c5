import { type FormEvent, useState } from "react";
import { safeParse, type $ZodType } from "zod/v4/core";

/** Field errors as an action returns them (see FormErrors in form-data.server.ts). */
export type ServerFieldErrors = Record<string, { message?: string } | undefined>;

/** One message per field: the first issue of each, keyed by its dotted path. */
export type FieldMessages = Record<string, string>;

/** The first message of each field that fails `schema`, or an empty object when it passes. */
export function checkFields(schema: $ZodType, values: Record<string, unknown>): FieldMessages {
  const result = safeParse(schema, values);
  const messages: FieldMessages = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join(".") || "root"] ??= issue.message;
  return messages;
}

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
 * - On submit, a failing form is not sent; its messages show and the first wrong field gets focus.
 * - A field's message clears as soon as the field is edited (docs/product.md#form-validation-rules); the next submit checks again.
 * - A new answer from the action replaces the browser's messages with the server's.
 */
export function useFormCheck(schema: $ZodType, serverErrors?: ServerFieldErrors) {
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
    const messages = checkFields(schema, valuesOf(event.currentTarget));
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
