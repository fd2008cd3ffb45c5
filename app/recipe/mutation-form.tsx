import { type ComponentProps, createContext, useContext, useEffect, useId, useState } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";

/** The hidden field that carries a form's one-time key (decision 019). */
export const ONCE_FIELD = "_once";

/** A fresh url-safe random key; crypto.getRandomValues also works on plain-HTTP origins. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The form's one-time key. The server renders it from the request's seed (the root loader's
 * `onceSeed`) and the form's useId, so hydration agrees and every render has its own; with
 * JavaScript a new key is drawn whenever no submission is pending, so only duplicates of one
 * submission share a key.
 */
function useOnceKey(): string {
  const seed = useRouteLoaderData<{ onceSeed?: string }>("root")?.onceSeed ?? "";
  const id = useId().replace(/[^A-Za-z0-9]/g, "");
  const navigation = useNavigation();
  const [clientKey, setClientKey] = useState<string | null>(null);
  useEffect(() => {
    // A new key once each submission has settled (a failed one is not revalidated, so the seed stays).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the navigation, an outside event
    if (navigation.state === "idle") setClientKey(randomKey());
  }, [navigation.state]);
  return clientKey ?? `${seed}-${id}`;
}

const MutationPending = createContext(false);

/**
 * True inside a MutationForm from the moment its submission leaves until its outcome has loaded
 * (spec 2.2: the loading state disables both buttons). Its buttons read it: see CancelLink and
 * SubmitButton.
 */
export function useMutationPending(): boolean {
  return useContext(MutationPending);
}

/**
 * Every mutation form of the panel: a POST `<Form>` that carries its one-time key and tells its
 * contents whether its own submission is pending. The router's navigation carries the key it
 * sent, so the form knows its own submission from any other on the page.
 */
export function MutationForm({ children, ...props }: Omit<ComponentProps<typeof Form>, "method">) {
  const key = useOnceKey();
  const pending = useNavigation().formData?.get(ONCE_FIELD) === key;
  return (
    <Form method="post" {...props}>
      <input type="hidden" name={ONCE_FIELD} value={key} />
      <MutationPending value={pending}>{children}</MutationPending>
    </Form>
  );
}
