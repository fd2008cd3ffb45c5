/** Contract of the membership-plan calls. */
import { z } from "zod";
import { defineEndpoint, IdSchema, SuccessAnswerSchema } from "./common.ts";

/** Billing periods of docs/product.md#create-membership. */
export const PlanPeriodSchema = z.enum(["month", "year", "lifetime"]);
export type PlanPeriod = z.output<typeof PlanPeriodSchema>;

/** A membership plan (docs/product.md#data-and-fields). */
export const PlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  price: z.number(),
  // The details screen defaults a missing period to lifetime, so the answer may omit it.
  period: PlanPeriodSchema.nullish(),
  description: z.string().nullish(),
  features: z.array(z.string()).default([]),
  isActive: z.boolean(),
  // An upload key (`uploads/membership/...`) or an absolute link.
  image: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.output<typeof PlanSchema>;

const PlanFieldsSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
  price: z
    .number({ error: (issue) => (issue.input === undefined ? "Price is required" : "Price must be a number") })
    .min(0, "Price must not be negative")
    .max(1_000_000, "Price must be at most 1000000"),
  period: z.enum(["month", "year", "lifetime"], { error: "Period must be month, year or lifetime" }),
  description: z
    .string({ error: "Description must be a string" })
    .trim()
    .max(2000, "Description must be at most 2000 characters"),
  features: z.array(
    z.string({ error: "Each feature must be a string" }).trim().max(200, "A feature must be at most 200 characters"),
    { error: "Features must be a list of strings" },
  ),
  isActive: z.boolean({ error: "isActive must be a boolean" }),
  image: z
    .string({ error: "Image must be a string" })
    .trim()
    .max(2000, "Image must be at most 2000 characters")
    .nullable(),
});

/** Body of POST /membership-plan/create; period defaults to lifetime, isActive to true. */
export const PlanCreateBodySchema = PlanFieldsSchema.extend({
  period: PlanFieldsSchema.shape.period.optional(),
  description: PlanFieldsSchema.shape.description.optional(),
  features: PlanFieldsSchema.shape.features.optional(),
  isActive: PlanFieldsSchema.shape.isActive.optional(),
  image: PlanFieldsSchema.shape.image.optional(),
});
export type PlanCreateBody = z.input<typeof PlanCreateBodySchema>;

/** Body of PUT /membership-plan/edit: the id plus the fields to change. */
export const PlanEditBodySchema = PlanFieldsSchema.partial().extend({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)], {
    error: (issue) =>
      issue.input === undefined ? "Membership ID is required" : "Membership ID must be a positive integer",
  }),
});
export type PlanEditBody = z.input<typeof PlanEditBodySchema>;

/** Body of PATCH /membership-plan/{id}/active. */
export const PlanActiveBodySchema = z.object({
  isActive: z.boolean({
    error: (issue) => (issue.input === undefined ? "isActive is required" : "isActive must be a boolean"),
  }),
});

/** Answer of get-all and get-active. */
export const PlanListAnswerSchema = z.object({ data: z.array(PlanSchema) });

/** Answer of get-one. */
export const PlanAnswerSchema = z.object({ data: PlanSchema });

/**
 * The membership-plan calls of docs/product.md#upstream-calls. Create and edit answer the plan too,
 * but the panel only needs their message (it goes back to the list), so any 2xx is a success.
 */
export const membershipEndpoints = {
  getAll: defineEndpoint({ method: "GET", path: "/membership-plan/get-all", answer: PlanListAnswerSchema }),
  getActive: defineEndpoint({ method: "GET", path: "/membership-plan/get-active", answer: PlanListAnswerSchema }),
  getOne: defineEndpoint({ method: "GET", path: "/membership-plan/get-one/:id", answer: PlanAnswerSchema }),
  sync: defineEndpoint({ method: "POST", path: "/membership-plan/sync", answer: SuccessAnswerSchema }),
  create: defineEndpoint({
    method: "POST",
    path: "/membership-plan/create",
    body: PlanCreateBodySchema,
    answer: SuccessAnswerSchema,
  }),
  edit: defineEndpoint({
    method: "PUT",
    path: "/membership-plan/edit",
    body: PlanEditBodySchema,
    answer: SuccessAnswerSchema,
  }),
  remove: defineEndpoint({ method: "DELETE", path: "/membership-plan/delete/:id", answer: SuccessAnswerSchema }),
  setActive: defineEndpoint({
    method: "PATCH",
    path: "/membership-plan/:id/active",
    body: PlanActiveBodySchema,
    answer: SuccessAnswerSchema,
  }),
} as const;
