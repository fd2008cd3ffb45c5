import { ExclamationTriangleIcon } from "@heroicons/react/20/solid";
import { type FormEvent, useState } from "react";
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
import { AuthCard, FormAlert } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { env } from "~/config/env.server";
import {
  DeleteAccountEmailSchema,
  DeleteAccountIntentSchema,
  DeleteAccountKeySchema,
  INVALID_EMAIL_MESSAGE,
} from "~/forms/account";
import { errorToast, failSubmission, type FailedSubmission, invalidSubmission } from "~/forms/failure.server";
import { parseForm, submittedForm } from "~/forms/form-data.server";
import { useFormCheck } from "~/forms/use-form-check";
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

const PendingDeletionSchema = z.object({ email: z.string().check(z.minLength(1)) });

async function pendingEmail(request: Request): Promise<string | undefined> {
  const value: unknown = await pendingDeletionCookie().parse(request.headers.get("cookie"));
  const parsed = z.safeParse(PendingDeletionSchema, value);
  return parsed.success ? parsed.data.email : undefined;
}

function rememberEmail(request: Request, email: string): Promise<string> {
  return pendingDeletionCookie().serialize({ email }, { secure: isSecureRequest(request) });
}

function forgetEmail(request: Request): Promise<string> {
  return pendingDeletionCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

export async function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get("step") !== "key") return { step: "email" as const };
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
    return failSubmission(error, form.values, "Something went wrong");
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
    // docs/product.md#delete-account: back to the email step with cleared fields.
    return redirectWithSuccess(request, "/delete-account", answer.message, {
      headers: { "Set-Cookie": await forgetEmail(request) },
    });
  } catch (error) {
    return failSubmission(error, form.values, "Something went wrong");
  }
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
  // The key is a secret: never sent back, so the field is empty after a failed attempt.
  const form = useFormCheck(DeleteAccountKeySchema, actionData?.errors);
  const [securityKey, setSecurityKey] = useState("");

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
