/** Membership plans: lists, one plan, create, edit, delete, activate and sync. */
import {
  membershipEndpoints,
  PlanActiveBodySchema,
  PlanCreateBodySchema,
  PlanEditBodySchema,
} from "../../app/upstream/contract/memberships.ts";
import { notFound } from "../errors.ts";
import type { ApiContext, ApiResult, Router } from "../router.ts";
import type { DemoData, PlanRecord } from "../types.ts";
import { validate } from "../validation.ts";
import { planView } from "../views.ts";
import { parseId } from "./lookup.ts";

function planOr404(data: DemoData, rawId: unknown): PlanRecord {
  const id = parseId(rawId);
  const plan = data.plans.find((candidate) => candidate.id === id);
  if (!plan) throw notFound("Membership plan not found");
  return plan;
}

/** Drops blank entries: the panel's form starts with one empty feature line. */
function cleanFeatures(features: string[]): string[] {
  return features.map((feature) => feature.trim()).filter(Boolean);
}

function listAll({ store, origin }: ApiContext): ApiResult {
  return { body: { data: store.data.plans.map((plan) => planView(plan, origin)) } };
}

function listActive({ store, origin }: ApiContext): ApiResult {
  return { body: { data: store.data.plans.filter((plan) => plan.isActive).map((plan) => planView(plan, origin)) } };
}

function getOne({ store, params, origin }: ApiContext): ApiResult {
  return { body: { data: planView(planOr404(store.data, params.id), origin) } };
}

function create({ store, body, origin, now }: ApiContext): ApiResult {
  const input = validate(PlanCreateBodySchema, body);
  const at = now.toISOString();
  const plan: PlanRecord = {
    id: store.data.counters.plan++,
    name: input.name,
    price: input.price,
    period: input.period ?? "lifetime",
    description: input.description ?? "",
    features: cleanFeatures(input.features ?? []),
    isActive: input.isActive ?? true,
    image: input.image || null,
    createdAt: at,
    updatedAt: at,
  };
  store.data.plans.push(plan);
  store.changed();
  return { status: 201, body: { message: "Membership created successfully", data: planView(plan, origin) } };
}

function edit({ store, body, origin, now }: ApiContext): ApiResult {
  const input = validate(PlanEditBodySchema, body);
  const plan = planOr404(store.data, input.id);
  // Fields that are not sent keep their value: the panel's edit payload may leave features out (docs/product.md#upstream-calls).
  if (input.name !== undefined) plan.name = input.name;
  if (input.price !== undefined) plan.price = input.price;
  if (input.period !== undefined) plan.period = input.period;
  if (input.description !== undefined) plan.description = input.description;
  if (input.features !== undefined) plan.features = cleanFeatures(input.features);
  if (input.isActive !== undefined) plan.isActive = input.isActive;
  if (input.image !== undefined) plan.image = input.image || null;
  plan.updatedAt = now.toISOString();
  store.changed();
  return { body: { message: "Membership updated successfully", data: planView(plan, origin) } };
}

function remove({ store, params }: ApiContext): ApiResult {
  const plan = planOr404(store.data, params.id);
  store.data.plans = store.data.plans.filter((candidate) => candidate !== plan);
  store.changed();
  return { body: { message: "Membership deleted successfully" } };
}

function setActive({ store, params, body, now }: ApiContext): ApiResult {
  const { isActive } = validate(PlanActiveBodySchema, body);
  const plan = planOr404(store.data, params.id);
  plan.isActive = isActive;
  plan.updatedAt = now.toISOString();
  store.changed();
  return { body: { message: "Membership status updated successfully" } };
}

/** Registers the /membership-plan routes. */
export function registerMembershipRoutes(router: Router): void {
  router
    .add(membershipEndpoints.getAll, "admin", listAll)
    // Any signed-in role: the panel shows other roles the active plans (docs/product.md#roles-and-permissions).
    .add(membershipEndpoints.getActive, "signed-in", listActive)
    .add(membershipEndpoints.getOne, "staff", getOne)
    // Syncing with the payment provider has nothing to do here; the answer is what matters.
    .add(membershipEndpoints.sync, "admin", () => ({ body: { message: "Membership plans synced successfully" } }))
    .add(membershipEndpoints.create, "admin", create)
    .add(membershipEndpoints.edit, "admin", edit)
    .add(membershipEndpoints.remove, "admin", remove)
    .add(membershipEndpoints.setActive, "admin", setActive);
}
