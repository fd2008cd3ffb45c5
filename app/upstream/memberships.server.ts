/** The membership-plan calls of docs/product.md#upstream-calls: lists, one plan, sync, create, edit, delete, activate. */
import { callEndpoint } from "~/upstream/client.server";
import {
  membershipEndpoints,
  type Plan,
  type PlanCreateBody,
  type PlanEditBody,
} from "~/upstream/contract/memberships";

/** The role that sees every plan and may change them (docs/product.md#roles-and-permissions); the panel stores roles upper-cased. */
export const PLAN_ADMIN_ROLE = "ADMIN";

/** True when the signed-in role is the admin role (docs/product.md#roles-and-permissions). */
export function isPlanAdmin(role: string | null | undefined): boolean {
  return role === PLAN_ADMIN_ROLE;
}

/** GET /membership-plan/get-all for admins, GET /membership-plan/get-active for every other role (docs/product.md#roles-and-permissions). */
export async function listPlans(request: Request, role: string): Promise<Plan[]> {
  const endpoint = isPlanAdmin(role) ? membershipEndpoints.getAll : membershipEndpoints.getActive;
  const { data } = await callEndpoint(request, endpoint, { retry: "safe-read" });
  return data.data;
}

/** GET /membership-plan/get-one/{id}. */
export async function getPlan(request: Request, id: string): Promise<Plan> {
  const { data } = await callEndpoint(request, membershipEndpoints.getOne, { params: { id }, retry: "safe-read" });
  return data.data;
}

/** POST /membership-plan/sync; answers the server's message. */
export async function syncPlans(request: Request): Promise<string> {
  const { data } = await callEndpoint(request, membershipEndpoints.sync);
  return data.message;
}

/** POST /membership-plan/create; answers the server's message ("" when none). */
export async function createPlan(request: Request, body: PlanCreateBody): Promise<string> {
  const { data } = await callEndpoint(request, membershipEndpoints.create, { body });
  return data.message;
}

/** PUT /membership-plan/edit with the id in the body; answers the server's message ("" when none). */
export async function editPlan(request: Request, body: PlanEditBody): Promise<string> {
  const { data } = await callEndpoint(request, membershipEndpoints.edit, { body });
  return data.message;
}

/** DELETE /membership-plan/delete/{id}; answers the server's message. */
export async function deletePlan(request: Request, id: string): Promise<string> {
  const { data } = await callEndpoint(request, membershipEndpoints.remove, { params: { id } });
  return data.message;
}

/**
 * PATCH /membership-plan/{id}/active with the wanted state. The call sets the value rather than
 * flipping it, so a double submission leaves the plan as the admin asked.
 */
export async function setPlanActive(request: Request, id: string, isActive: boolean): Promise<string> {
  const { data } = await callEndpoint(request, membershipEndpoints.setActive, { params: { id }, body: { isActive } });
  return data.message;
}
