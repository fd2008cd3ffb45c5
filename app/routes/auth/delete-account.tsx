import { CheckCircleIcon, ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { createCookie, data, Form, Link, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";

import type { Route } from "./+types/delete-account";
import {
  tokenPageHeaderValues,
  tokenPageHeaders,
  tokenPageMeta,
  TokenPageErrorBoundary,
} from "~/components/account/token-page";
import { type FlashToast, Toaster } from "~/components/feedback/toaster";
import { AuthCard, AuthNotice, FormAlert } from "~/components/layout/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { env } from "~/config/env.server";
import {
  DeleteAccountEmailSchema,
  DeleteAccountIntentSchema,
  DeleteAccountKeySchema,
  INVALID_EMAIL_MESSAGE,
} from "~/forms/account";
import { errorToast, type FailedSubmission, invalidSubmission } from "~/forms/failure.server";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
import { publicFailure } from "~/routes/auth/public-failure.server";
import { isSecureRequest } from "~/session/request.server";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { deleteAccount, generateDeletionKey } from "~/upstream/account.server";
import { rateLimit } from "~/session/rate-limit.server";

// Where the email of step 2 lives: a short-lived signed cookie, set when the key is sent.
// - Not the URL: it would end up in history, proxy logs and Referer headers.
// - Not only a hidden field: Post/Redirect/Get after generate-key means a reload (or a
//   visitor without JavaScript) lands on a GET of `?step=key`, which must still know the email.
// - Signed with SESSION_SECRET, HttpOnly, 15 minutes like the key itself; cleared on success.
// Its path is "/": with JavaScript the page's data requests go to `/delete-account.data`,
// which a cookie path of "/delete-account" would not match.
const PENDING_DELETION_MAX_AGE = 15 * 60;
const KEY_STEP_URL = "/delete-account?step=key";
// After the deletion the same cookie says so (`deleted`) for what is left of its 15 minutes: the
// confirmation at ?step=done lasts (a reload, a later look) instead of a 5-second toast.
const DONE_STEP_URL = "/delete-account?step=done";

let pendingDeletion: ReturnType<typeof createCookie> | undefined;

function pendingDeletionCookie() {
  pendingDeletion ??= createCookie("account_deletion", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: PENDING_DELETION_MAX_AGE,
    secrets: [env().SESSION_SECRET],
  });
  return pendingDeletion;
}

const PendingDeletionSchema = z.object({
  email: z.string().check(z.minLength(1)),
  deleted: z.optional(z.literal(true)),
});

async function rememberedDeletion(request: Request) {
  const value: unknown = await pendingDeletionCookie().parse(request.headers.get("cookie"));
  const parsed = z.safeParse(PendingDeletionSchema, value);
  return parsed.success ? parsed.data : undefined;
}

/** The email of a deletion waiting for its key (not one already done). */
async function pendingEmail(request: Request): Promise<string | undefined> {
  const remembered = await rememberedDeletion(request);
  return remembered && !remembered.deleted ? remembered.email : undefined;
}

function rememberEmail(request: Request, email: string, deleted?: true): Promise<string> {
  return pendingDeletionCookie().serialize(deleted ? { email, deleted } : { email }, {
    secure: isSecureRequest(request),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const step = new URL(request.url).searchParams.get("step");
  if (step === "done") {
    const remembered = await rememberedDeletion(request);
    if (remembered?.deleted) return { step: "done" as const, email: remembered.email };
    throw redirect("/delete-account", { headers: tokenPageHeaderValues("same-origin") });
  }
  if (step !== "key") return { step: "email" as const };
  const email = await pendingEmail(request);
  // The key step without its email (expired, or a pasted link) starts over.
  if (!email) throw redirect("/delete-account", { headers: tokenPageHeaderValues("same-origin") });
  return { step: "key" as const, email };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Both steps count: the key step too, so a 6-digit key cannot be guessed by brute force.
  const formData = await submittedForm(request);
  // Only the fields this page has go back to it.
  const typed = Object.fromEntries(["intent", "email"].map((name) => [name, formData.get(name) ?? ""]));
  const limited = await rateLimit(context, "account-deletion", typed);
  if (limited) return limited;
  const intent = z.safeParse(DeleteAccountIntentSchema, formData.get("intent"));
  if (!intent.success) throw data({ message: "Unknown intent" }, { status: 400 });
  return intent.data === "generate-key" ? sendSecurityKey(request, formData) : deleteTheAccount(request, formData);
}

async function sendSecurityKey(request: Request, formData: FormData) {
  const form = parseForm(formData, DeleteAccountEmailSchema);
  if (!form.ok) {
    // docs/product.md#delete-account: 'Invalid Email' inline and as a toast.
    const body: FailedSubmission = {
      errors: form.errors,
      values: form.values,
      toast: errorToast(form.errors.email?.message ?? INVALID_EMAIL_MESSAGE),
    };
    return data(body, { status: 400 });
  }

  const { email } = form.data;
  try {
    const { data: answer } = await generateDeletionKey(request, email);
    return redirectWithSuccess(request, KEY_STEP_URL, answer.message, {
      headers: { "Set-Cookie": await rememberEmail(request, email) },
    });
  } catch (error) {
    return publicFailure(error, form.values, "Something went wrong");
  }
}

async function deleteTheAccount(request: Request, formData: FormData) {
  const email = await pendingEmail(request);
  if (!email) {
    return redirectWithError(
      request,
      "/delete-account",
      "Your security key request has expired. Please request a new key.",
    );
  }
  const form = parseForm(formData, DeleteAccountKeySchema);
  if (!form.ok) return invalidSubmission(form.errors, form.values);

  try {
    const { data: answer } = await deleteAccount(request, { email, securityKey: form.data.securityKey });
    // A lasting confirmation; its "Delete another account" is the email step with cleared fields
    // (docs/product.md#delete-account).
    return redirectWithSuccess(request, DONE_STEP_URL, answer.message, {
      headers: { "Set-Cookie": await rememberEmail(request, email, true) },
    });
  } catch (error) {
    // A wrong key comes back in its field (selected, with JavaScript) so a typo can be corrected.
    return publicFailure(error, form.values, "Something went wrong", { securityKey: form.data.securityKey });
  }
}

export const meta: Route.MetaFunction = () => tokenPageMeta("Delete Account · Admin Dashboard", "same-origin");

export const headers = tokenPageHeaders("same-origin");

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title={loaderData.step === "done" ? "Your account has been deleted" : "Delete Account"}
      subtitle={
        loaderData.step === "done"
          ? undefined
          : loaderData.step === "key"
            ? "Enter the security key we sent to your email to confirm the deletion."
            : "Enter the email address of the account to delete. We will send you a security key to confirm it."
      }
    >
      {loaderData.step === "done" ? (
        <Deleted email={loaderData.email} />
      ) : loaderData.step === "key" ? (
        <KeyStep email={loaderData.email} actionData={actionData} />
      ) : (
        <EmailStep actionData={actionData} />
      )}
    </AuthCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}

type ActionData = Route.ComponentProps["actionData"];

let clientToasts = 0;

function EmailStep({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const hydrated = useHydrated();
  const typed = actionData?.values ?? {};
  const form = useFormCheck(DeleteAccountEmailSchema, actionData?.errors);
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
      <Form method="post" action="/delete-account" {...form.props} onSubmit={submit} className="space-y-5">
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
        <Button type="submit" className="w-full py-3" disabled={hydrated && (email.trim() === "" || pending)}>
          {pending ? "Sending..." : "Get Security Key"}
        </Button>
      </Form>
      <Toaster toast={clientToast} />
    </>
  );
}

function KeyStep({ email, actionData }: { email: string; actionData: ActionData }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const hydrated = useHydrated();
  const form = useFormCheck(DeleteAccountKeySchema, actionData?.errors);
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
          A security key was sent to <span className="font-semibold break-all">{email}</span>.
        </FormAlert>
        <div className="flex items-start gap-2 text-sm text-red-700">
          <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>Deleting your account is permanent: your profile, posts and invites are removed and cannot be restored.</p>
        </div>
      </div>
      <Form method="post" action={KEY_STEP_URL} {...form.props} className="space-y-5">
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
          key={actionData?.toast?.id ?? "key"}
          onInput={(event) => setSecurityKey(event.currentTarget.value)}
          error={form.error("securityKey")}
        />
        <Button
          type="submit"
          variant="danger"
          className="w-full py-3"
          disabled={hydrated && (securityKey.trim() === "" || pending)}
        >
          {pending ? "Verifying..." : "Verify Key"}
        </Button>
      </Form>
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
    <AuthNotice
      icon={CheckCircleIcon}
      tone="success"
      actions={
        <ButtonLink to="/delete-account" variant="secondary" className="w-full py-3">
          Delete another account
        </ButtonLink>
      }
    >
      The account <span className="font-semibold break-all">{email}</span> and its profile, posts and invites have been
      removed. You can no longer sign in with it, in the app or anywhere else. To join the community again, sign up in
      the mobile app.
    </AuthNotice>
  );
}
