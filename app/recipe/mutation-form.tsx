import { type ComponentProps, createContext, useContext, useEffect, useId, useState } from "react";
import { Form, useActionData, useNavigation, useRouteLoaderData, useSubmit } from "react-router";

/** The hidden field that carries a form's one-time key (decision 019). */
export const ONCE_FIELD = "_once";

/** A fresh url-safe random key; crypto.getRandomValues also works on plain-HTTP origins. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Is the submission that carries `key` on its way: from the click until its outcome has loaded?
 * Without `key`, the key of the MutationForm (or dialog) around the caller. The panel's one pending
 * check (decision 041): buttons, Cancel, a dialog's Escape and ✕, a row's spinner all ask it, so
 * another form's submission, or a link being followed, is never taken for this one's.
 */
export function useIsPending(key?: string): boolean {
  const enclosing = useContext(FormKey);
  const sent = useNavigation().formData?.get(ONCE_FIELD);
  const own = key ?? enclosing;
  return own !== undefined && sent === own;
}

/**
 * A one-time key for one form (decision 019). The server renders it from the request's seed (the
 * root loader's `onceSeed`) and the caller's useId, so hydration agrees and every render has its
 * own; with JavaScript a new key is drawn once the key's own submission has settled, so only
 * duplicates of one submission share a key.
 * Except after a change that got no answer in time: the action's answer names the key it was sent
 * with (`keptKey`, app/recipe/failure.server.ts), and the form that sent it keeps it, so sending it
 * again answers that outcome and never sends the change twice. The form is told by its key (with
 * JavaScript, the one it sent) or, in the server's render, by its useId, the key's last part.
 */
export function useOnceKey(): string {
  const seed = useRouteLoaderData<{ onceSeed?: string }>("root")?.onceSeed ?? "";
  const id = useId().replace(/[^A-Za-z0-9]/g, "");
  const kept = (useActionData() as { keptKey?: string } | undefined)?.keptKey;
  const [clientKey, setClientKey] = useState<string | null>(null);
  const key = clientKey ?? (kept?.endsWith(`-${id}`) ? kept : `${seed}-${id}`);
  const pending = useIsPending(key);
  useEffect(() => {
    // At hydration, and after each of its submissions (a failed one is not revalidated, so the seed
    // stays, and its answer comes with the end of pending), unless that answer says to keep the key
    // it was sent with; and when that answer goes (the next navigation).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the router's submission, an outside event
    if (!pending && kept !== key) setClientKey(randomKey());
    // Not on `key`: a key drawn here must not draw another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, kept]);
  return key;
}

/**
 * The one-time key of the form inside: a MutationForm's own, or a dialog's (ModalFrame), which
 * the one form it holds posts, so the dialog knows when its form is pending.
 */
export const FormKey = createContext<string | undefined>(undefined);

/**
 * Every mutation form of the panel: a POST `<Form>` that carries its one-time key, so that
 * useIsPending tells its contents (SubmitButton, CancelLink) when this form's own submission is
 * pending. It sends what `<Form>` sends, with the pending state rendered in the click itself
 * (`flushSync`, which `<Form>` does not offer): a key pressed right after it (Escape in a dialog)
 * already finds the form pending.
 */
export function MutationForm({ children, onSubmit, ...props }: Omit<ComponentProps<typeof Form>, "method">) {
  const own = useOnceKey();
  const key = useContext(FormKey) ?? own;
  const submit = useSubmit();
  return (
    <Form
      method="post"
      {...props}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        // The button that sent it (its name and value go with the form), as <Form> does.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        void submit(submitter ?? event.currentTarget, {
          method: "post",
          replace: props.replace,
          preventScrollReset: props.preventScrollReset,
          flushSync: true,
        });
      }}
    >
      <input type="hidden" name={ONCE_FIELD} value={key} />
      <FormKey value={key}>{children}</FormKey>
    </Form>
  );
}
