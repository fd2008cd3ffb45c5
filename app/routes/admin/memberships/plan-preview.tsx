import { formatTypedPrice, periodSuffix, planImageSrc } from "./format";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { UpstreamImage } from "~/components/ui/upstream-image";
import { cleanFeatures, type PlanDraft } from "~/forms/plan-draft";

/**
 * The live preview of the tier form (docs/product.md#create-membership): name, price and period, description, features
 * and the Active or Inactive badge. It renders from the form's draft: with JavaScript that is
 * every keystroke; without it, the values of the last post, as the server rendered them. On the
 * edit form the badge follows the Active Status switch through CSS (the element around the form
 * and this preview has `group/plan`), so it is live without JavaScript too.
 */
export function PlanPreview({
  draft,
  apiOrigin,
  followsSwitch,
}: {
  draft: PlanDraft;
  apiOrigin: string;
  followsSwitch: boolean;
}) {
  const features = cleanFeatures(draft.features);
  const src = planImageSrc(draft.image, apiOrigin);
  const suffix = periodSuffix(draft.period);
  const name = draft.name.trim();
  return (
    <section
      aria-labelledby="plan-preview-heading"
      className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="plan-preview"
    >
      <h2 id="plan-preview-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Preview
      </h2>
      <div className="mt-4 rounded-lg border border-slate-200 p-5">
        <div className="flex items-start gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-700">
            {src ? (
              <UpstreamImage src={src} className="size-full" testId="preview-image" />
            ) : (
              <Icon name="solid-photo" className="size-6" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <p
              className={`text-lg font-semibold break-words ${name ? "text-slate-900" : "text-slate-500"}`}
              data-testid="preview-name"
            >
              {name || "Tier Name"}
            </p>
            <div className="mt-1" data-testid="preview-status">
              {followsSwitch ? (
                <>
                  <span className="hidden group-has-[[name=isActive]:checked]/plan:inline-flex">
                    <Badge tone="green">Active</Badge>
                  </span>
                  <span className="inline-flex group-has-[[name=isActive]:checked]/plan:hidden">
                    <Badge tone="gray">Inactive</Badge>
                  </span>
                </>
              ) : (
                <Badge tone={draft.isActive ? "green" : "gray"}>{draft.isActive ? "Active" : "Inactive"}</Badge>
              )}
            </div>
          </div>
        </div>
        <p className="mt-4 text-slate-900" data-testid="preview-price">
          <span className="text-3xl font-bold tracking-tight">{formatTypedPrice(draft.price)}</span>
          <span className="ml-0.5 text-sm whitespace-pre text-slate-500">{suffix}</span>
        </p>
        {draft.description.trim() ? (
          <p className="mt-3 text-sm whitespace-pre-line text-slate-600 break-words" data-testid="preview-description">
            {draft.description.trim()}
          </p>
        ) : null}
        {features.length > 0 ? (
          <ul className="mt-4 space-y-2" data-testid="preview-features">
            {features.map((feature, index) => (
              <li key={`${index}-${feature}`} className="flex items-start gap-2 text-sm text-slate-700">
                <Icon name="solid-check" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                <span className="min-w-0 break-words">{feature}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
