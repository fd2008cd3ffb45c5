import type { Route } from "./+types/two-factor";
import { SecondFactorCodeField } from "~/components/account/second-factor-code-field";
import { buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/form-actions";
import { PageHeader } from "~/components/ui/page-header";
import { MutationForm } from "~/recipe/mutation-form";
import { secondFactorAction } from "./two-factor.server";
import { base32Encode, otpauthUri } from "~/session/second-factor-totp.server";
import { qrPicture } from "~/session/second-factor-qr.server";
import { secondFactorDemand } from "~/session/second-factor.server";
import { secondFactors } from "~/session/second-factor-store.server";
import { requireUser } from "~/session/user.server";
import { Link } from "~/components/ui/link";

/** The name authenticator apps show above the code. */
const ISSUER = "Admin Dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const status = await secondFactors().status(user.userId);
  if (status.enrolled) return { enrolled: true as const, recoveryLeft: status.recoveryLeft };
  const secret = await secondFactors().setupSecret(user.userId);
  return {
    enrolled: false as const,
    demand: await secondFactorDemand(user),
    // Grouped by four for reading aloud or typing; apps ignore the spaces.
    key: base32Encode(secret).replace(/(.{4})(?=.)/g, "$1 "),
    qr: qrPicture(otpauthUri(secret, ISSUER, user.email ?? user.userName)),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => secondFactorAction(request, context);

export const meta: Route.MetaFunction = () => [{ title: "Two-factor authentication · Admin Dashboard" }];

/** Two-factor authentication (docs/product.md#second-factor): set it up, see the recovery codes once, turn it off. */
export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined;
  const codeError = actionData && "errors" in actionData ? actionData.errors?.code?.message : undefined;
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader
        title="Two-factor authentication"
        subtitle="A code from an authenticator app on your phone, asked for after your password when you sign in."
      />
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : loaderData.enrolled ? (
        <section aria-labelledby="turn-off" className="space-y-4 rounded-lg bg-surface p-6 ring-1 ring-slate-200">
          <FormAlert tone="success">
            Two-factor authentication is on. {loaderData.recoveryLeft} of your recovery codes are left.
          </FormAlert>
          <h2 id="turn-off" className="text-base font-semibold text-slate-900">
            Turn off two-factor authentication
          </h2>
          <MutationForm className="space-y-4">
            <input type="hidden" name="intent" value="turn-off" />
            <SecondFactorCodeField error={codeError} />
            <SubmitButton className={buttonClass("danger")} pendingLabel="Turning off...">
              Turn off
            </SubmitButton>
          </MutationForm>
        </section>
      ) : (
        <section aria-labelledby="set-up" className="space-y-4 rounded-lg bg-surface p-6 ring-1 ring-slate-200">
          {loaderData.demand.kind === "due" ? (
            <FormAlert>Two-factor authentication is required for admins. Set it up to go on using the panel.</FormAlert>
          ) : null}
          <h2 id="set-up" className="text-base font-semibold text-slate-900">
            Set up two-factor authentication
          </h2>
          <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
            <li>
              Scan this QR code with your authenticator app:
              <svg
                role="img"
                aria-label="QR code of your authenticator key"
                viewBox={`0 0 ${loaderData.qr.size} ${loaderData.qr.size}`}
                className="mt-2 size-48 bg-white"
                shapeRendering="crispEdges"
              >
                <path d={loaderData.qr.path} fill="#000" />
              </svg>
              <p className="mt-2">Or enter this key in the app:</p>
              <code data-testid="totp-key" className="mt-1 inline-block font-mono text-base break-all text-slate-900">
                {loaderData.key}
              </code>
            </li>
            <li>
              Enter the 6-digit code the app shows to confirm:
              <MutationForm className="mt-2 space-y-4">
                <input type="hidden" name="intent" value="confirm" />
                <SecondFactorCodeField error={codeError} recovery={false} />
                <SubmitButton className={buttonClass("primary")} pendingLabel="Turning on...">
                  Turn on
                </SubmitButton>
              </MutationForm>
            </li>
          </ol>
        </section>
      )}
    </div>
  );
}

/** The recovery codes, shown once: the answer to the confirming post, kept nowhere else. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes" className="space-y-4 rounded-lg bg-surface p-6 ring-1 ring-slate-200">
      <FormAlert tone="success">Two-factor authentication is on.</FormAlert>
      <h2 id="recovery-codes" className="text-base font-semibold text-slate-900">
        Save your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        Each code signs you in once, in place of the code from your app. Keep them somewhere safe: they are shown only
        now.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Link to="/account/two-factor" className={buttonClass("secondary")}>
        Done
      </Link>
    </section>
  );
}
