import type { Route } from "./+types/create";
import { PLAN_SAVES } from "./plan-actions.server";
import { changePlanForm, planCreateBody, planToSave, uploadUrl } from "./plan-form.server";
import { skipRevalidationForUploadUrl } from "./image-upload";
import { PlanForm } from "./plan-form";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/config/env.server";
import { draftFromValues, newPlanDraft } from "~/forms/plan-draft";
import { PlanCreateFormSchema } from "~/forms/membership";
import { PlanCreateActionSchema } from "~/forms/membership.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { saveForm } from "~/recipe/save-form.server";
import { createPlan } from "~/upstream/memberships.server";

export function loader() {
  // Stored image paths live on the API host (docs/product.md#tier-image-upload): the preview resolves them against it.
  return { apiOrigin: new URL(env().API_URL).origin };
}

/**
 * Create Membership Tier (docs/product.md#create-membership): the save, the buttons of a browser
 * without JavaScript (they re-render the form and may repeat: runOnce remembers only an answer
 * that reached the upstream) and the URL the browser's own upload goes to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form }) => {
    const submission = parseSubmission(form, PlanCreateActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "create": {
        // A file posted without JavaScript goes up first: a failed save keeps the stored image.
        const upload = await planToSave(request, form, "create");
        if (!upload.ok) return upload.failed;
        return saveForm(request, form, {
          schema: PlanCreateFormSchema,
          values: upload.values,
          send: (plan) => createPlan(request, planCreateBody(plan)),
          target: (plan) => ({ kind: "plan", id: "", name: plan.name }),
          to: "/memberships",
          ...PLAN_SAVES.create,
        });
      }
      case "add-feature":
      case "remove-feature":
      case "remove-image":
        return changePlanForm(request, form, posted, "create");
      case "upload-url":
        return uploadUrl(request, form);
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Create Membership Tier · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForUploadUrl;

export default function CreateMembership({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData && "values" in actionData ? actionData : undefined;
  const start =
    posted && Object.keys(posted.values).length > 0
      ? draftFromValues(posted.values, { activeWhenAbsent: true })
      : newPlanDraft();
  return (
    <div className="space-y-6">
      <PageHeader title="Create Membership Tier" subtitle="Add a new membership tier to your community" />
      <PlanForm
        mode="create"
        start={start}
        errors={posted?.errors}
        formError={
          posted && "formError" in posted && typeof posted.formError === "string" ? posted.formError : undefined
        }
        apiOrigin={loaderData.apiOrigin}
        actionHref="/memberships/create"
      />
    </div>
  );
}
