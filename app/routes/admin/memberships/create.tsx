import type { Route } from "./+types/create";
import { planFormAction } from "./plan-form.server";
import { skipRevalidationForUploadUrl } from "./image-upload";
import { PlanForm } from "./plan-form";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/config/env.server";
import { draftFromValues, newPlanDraft } from "~/forms/plan-draft";

export function loader() {
  // Stored image paths live on the API host (docs/product.md#tier-image-upload): the preview resolves them against it.
  return { apiOrigin: new URL(env().API_URL).origin };
}

export const action = (args: Route.ActionArgs) => planFormAction(args, "create");

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
