import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/delete-account";
import {
  deleteWithKey,
  deletionExpired,
  EMAIL_STEP_URL,
  KEY_SENT_MESSAGE,
  loadDeletionStep,
  pendingEmail,
  rememberEmail,
  sendSecurityKey,
  typedOnDeletionPage,
} from "./delete-account.server";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { Toaster } from "~/components/feedback/toaster";
import type { FlashToast } from "~/lib/toast";
import { AuthCard } from "~/components/layout/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { TextField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DELETION_KEY_STEP_URL } from "~/forms/account-steps";
import { useFormCheck } from "~/forms/use-form-check";
import { deleteAccountEmailSchema, deleteAccountKeySchema } from "~/forms/schema-loaders.client";
import { MutationForm } from "~/recipe/mutation-form";
import { DeleteAccountEmailSchema, DeleteAccountKeySchema } from "~/forms/account";
import { DeleteAccountActionSchema } from "~/forms/account.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/action.server";
import { saveForm } from "~/recipe/save-form.server";
import { tooManyAttempts } from "~/recipe/failure.server";
import { secondsUntilAllowed } from "~/session/rate-limit.server";

export const loader = ({ request }: Route.LoaderArgs) => loadDeletionStep(request);

/**
 * The two steps' one action (docs/product.md#delete-account): send the security key, or delete
 * the account with it. Known and unknown emails get the same answers (decision 035).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form }) => {
    // Both steps count: the key step too, so a 6-digit key cannot be guessed by brute force.
    const wait = await secondsUntilAllowed(context, "account-deletion");
    if (wait !== null) return tooManyAttempts(wait, typedOnDeletionPage(form));
    const submission = parseSubmission(form, DeleteAccountActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent } = submission.value;
    switch (intent) {
      case "generate-key":
        return saveForm(request, form, {
          schema: DeleteAccountEmailSchema,
          // docs/product.md#delete-account: 'Invalid Email' inline and as a toast.
          invalidToast: true,
          send: ({ email }) => sendSecurityKey(request, email),
          to: DELETION_KEY_STEP_URL,
          done: KEY_SENT_MESSAGE,
          headers: async ({ email }) => ({ "Set-Cookie": await rememberEmail(request, email) }),
          failed: "Something went wrong",
          failure: { publicPage: true },
        });
      case "delete-user": {
        const email = await pendingEmail(request);
        if (!email) return deletionExpired(request);
        return saveForm(request, form, {
          schema: DeleteAccountKeySchema,
          send: ({ securityKey }) => deleteWithKey(request, email, securityKey),
          // Step 1 with cleared fields and the server's message.
          to: EMAIL_STEP_URL,
          headers: async () => ({ "Set-Cookie": await rememberEmail(request, email, true) }),
          failed: "Something went wrong",
          // A wrong key comes back in its field (selected, with JavaScript) so a typo can be corrected.
          keep: ({ securityKey }) => ({ securityKey }),
          failure: { publicPage: true },
        });
      }
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => tokenPageMeta("Delete Account · Admin Dashboard", "same-origin");

export const headers = tokenPageHeaders("same-origin");

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Delete Account"
      subtitle={
        loaderData.step === "key"
          ? "Enter the security key we sent to your email to confirm the deletion."
          : "Enter the email address of the account to delete. We will send you a security key to confirm it."
      }
    >
      {loaderData.step === "key" ? (
        <KeyStep email={loaderData.email} actionData={actionData} />
      ) : (
        <EmailStep deleted={loaderData.deleted} actionData={actionData} />
      )}
    </AuthCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

type ActionData = Route.ComponentProps["actionData"];

let clientToasts = 0;

/** Step 1; `deleted` is the account this browser just deleted, told above the cleared form. */
function EmailStep({ deleted, actionData }: { deleted: string | undefined; actionData: ActionData }) {
  const hydrated = useHydrated();
  const typed = actionData?.values ?? {};
  const form = useFormCheck(deleteAccountEmailSchema, actionData?.errors);
  const [email, setEmail] = useState(String(typed.email ?? ""));
  // With JavaScript the browser catches a malformed email before any request, so the toast
  // that the server would send (shown by the root from action data) comes from here.
  const [clientToast, setClientToast] = useState<FlashToast>();
  // A new answer from the action drops it, while rendering (React's way for state that follows a prop).
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    setClientToast(undefined);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const message = form.onSubmit(event).email;
    if (message) setClientToast({ id: `client-${++clientToasts}`, type: "error", message });
  };

  return (
    <>
      {deleted ? <Deleted email={deleted} /> : null}
      <MutationForm action="/delete-account" {...form.props} onSubmit={submit} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <input type="hidden" name="intent" value="generate-key" />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          autoFocus
          name="email"
          defaultValue={String(typed.email ?? "")}
          onInput={(event) => setEmail(event.currentTarget.value)}
          error={form.error("email")}
        />
        <SubmitButton
          className={buttonClass("primary", "md", "w-full py-3")}
          disabled={hydrated && email.trim() === ""}
          pendingLabel="Sending..."
        >
          Get Security Key
        </SubmitButton>
      </MutationForm>
      <Toaster toast={clientToast} />
    </>
  );
}

function KeyStep({ email, actionData }: { email: string; actionData: ActionData }) {
  const hydrated = useHydrated();
  const form = useFormCheck(deleteAccountKeySchema, actionData?.errors);
  // A refused key comes back (see deleteTheAccount): in its field and selected, to be retyped at once.
  const typedKey = String(actionData?.values?.securityKey ?? "");
  const [securityKey, setSecurityKey] = useState(typedKey);
  // A new answer from the action sets the key it carries, while rendering (React's way for state that follows a prop).
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    setSecurityKey(typedKey);
  }
  // Selecting the text is the DOM's business, so that part stays an effect.
  const keyInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (typedKey) keyInput.current?.select();
  }, [actionData, typedKey]);

  return (
    <>
      <div className="mb-5 space-y-3">
        <FormAlert tone="info">
          If an account with <span className="font-semibold break-all">{email}</span> exists, a security key was sent to
          it.
        </FormAlert>
        <div className="flex items-start gap-2 text-sm text-red-700">
          <Icon name="solid-exclamation-triangle" className="mt-0.5 size-4 shrink-0" />
          <p>Deleting your account is permanent: your profile, posts and invites are removed and cannot be restored.</p>
        </div>
      </div>
      <MutationForm action={DELETION_KEY_STEP_URL} {...form.props} className="space-y-5">
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <input type="hidden" name="intent" value="delete-user" />
        <TextField
          label="Security Key"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          name="securityKey"
          ref={keyInput}
          defaultValue={typedKey}
          key={(actionData?.toast ?? actionData?.toasts?.[0])?.id ?? "key"}
          onInput={(event) => setSecurityKey(event.currentTarget.value)}
          error={form.error("securityKey")}
        />
        <SubmitButton
          className={buttonClass("danger", "md", "w-full py-3")}
          disabled={hydrated && securityKey.trim() === ""}
          pendingLabel="Verifying..."
        >
          Verify Key
        </SubmitButton>
      </MutationForm>
      <p className="mt-5 text-center text-sm text-slate-600">
        Wrong address or no key?{" "}
        <Link to="/delete-account" className="font-semibold text-brand-700 hover:text-brand-800">
          Start again
        </Link>
      </p>
    </>
  );
}

function Deleted({ email }: { email: string }) {
  return (
    <div className="mb-5">
      <FormAlert tone="success">
        The account <span className="font-semibold break-all">{email}</span> and its profile, posts and invites have
        been removed. You can no longer sign in with it, in the app or anywhere else. To join the community again, sign
        up in the mobile app.
      </FormAlert>
    </div>
  );
}
