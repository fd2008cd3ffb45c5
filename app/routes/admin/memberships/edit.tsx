import type { Route } from "./+types/edit";
import { PLAN_SAVES } from "./plan-actions.server";
import { changePlanForm, planEditBody, planToSave, uploadUrl } from "./plan-form.server";
import { PlanLoadError } from "./shared";
import { planPeriod } from "./format";
import { skipRevalidationForUploadUrl } from "./image-upload";
import { PlanForm } from "./plan-form";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/config/env.server";
import { draftFromValues, type PlanDraft } from "~/forms/plan-draft";
import { PlanEditFormSchema } from "~/forms/membership";
import { PlanEditActionSchema } from "~/forms/membership.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { saveForm } from "~/recipe/save-form.server";
import { loadFailure } from "~/recipe/failure.server";
import { editPlan, getPlan } from "~/upstream/memberships.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const apiOrigin = new URL(env().API_URL).origin;
  try {
    const plan = await getPlan(request, params.id);
    const start: PlanDraft = {
      name: plan.name,
      price: String(plan.price),
      period: planPeriod(plan.period),
      description: plan.description ?? "",
      features: plan.features.length > 0 ? plan.features : [""],
      image: plan.image ?? "",
      isActive: plan.isActive,
    };
    return { found: true as const, id: plan.id, start, apiOrigin };
  } catch (error) {
    return loadFailure(error, { found: false as const });
  }
}

/**
 * Edit Membership Tier (docs/product.md#edit-membership): the save, the buttons of a browser
 * without JavaScript (they re-render the form and may repeat: runOnce remembers only an answer
 * that reached the upstream) and the URL the browser's own upload goes to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form }) => {
    const submission = parseSubmission(form, PlanEditActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "update": {
        // A file posted without JavaScript goes up first: a failed save keeps the stored image.
        const upload = await planToSave(request, form, "edit");
        if (!upload.ok) return upload.failed;
        return saveForm(request, form, {
          schema: PlanEditFormSchema,
          values: upload.values,
          send: (plan) => editPlan(request, planEditBody(plan)),
          target: (plan) => ({ kind: "plan", id: plan.id, name: plan.name }),
          to: "/memberships",
          ...PLAN_SAVES.update,
        });
      }
      case "add-feature":
      case "remove-feature":
      case "remove-image":
        return changePlanForm(request, form, posted, "edit");
      case "upload-url":
        return uploadUrl(request, form);
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Membership Tier · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForUploadUrl;

export default function EditMembership({ loaderData, actionData }: Route.ComponentProps) {
  const header = <PageHeader title="Edit Membership Tier" subtitle="Update membership tier details" />;
  if (!loaderData.found) {
    return (
      <div className="space-y-6">
        {header}
        <PlanLoadError />
      </div>
    );
  }
  const posted = actionData && "values" in actionData ? actionData : undefined;
  // A post that came back with its values (a failure, or a feature added without JavaScript) starts from them.
  const start =
    posted && Object.keys(posted.values).length > 0
      ? draftFromValues(posted.values, { activeWhenAbsent: false })
      : loaderData.start;
  return (
    <div className="space-y-6">
      {header}
      <PlanForm
        key={loaderData.id}
        mode="edit"
        id={loaderData.id}
        start={start}
        errors={posted?.errors}
        formError={
          posted && "formError" in posted && typeof posted.formError === "string" ? posted.formError : undefined
        }
        apiOrigin={loaderData.apiOrigin}
        actionHref={`/memberships/edit/${loaderData.id}`}
      />
    </div>
  );
}
