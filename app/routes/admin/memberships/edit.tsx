import { data } from "react-router";

import type { Route } from "./+types/edit";
import { planFormAction } from "./plan-form.server";
import { PlanLoadError } from "./shared";
import { planPeriod } from "./format";
import { skipRevalidationForUploadUrl } from "./image-upload";
import { PlanForm } from "./plan-form";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/config/env.server";
import { draftFromValues, type PlanDraft } from "~/forms/plan-draft";
import { isUpstreamError, screenStatus } from "~/upstream/errors";
import { getPlan } from "~/upstream/memberships.server";

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
    if (!isUpstreamError(error)) throw error;
    return data({ found: false as const }, { status: screenStatus(error) });
  }
}

export const action = (args: Route.ActionArgs) => planFormAction(args, "edit");

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
