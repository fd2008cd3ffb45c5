import { safeParse } from "zod/mini";
import { describe, expect, it } from "vitest";

import {
  formatPrice,
  formatPriceAndPeriod,
  formatTypedPrice,
  periodLabel,
  periodSuffix,
  planImageSrc,
  planPeriod,
} from "~/routes/admin/memberships/format";
import {
  parseEditPrice,
  PlanCreateFormSchema,
  PlanEditFormSchema,
  PlanFormIntentSchema,
  splitIntent,
} from "~/forms/membership";
import { cleanFeatures, draftFromValues, newPlanDraft } from "~/forms/plan-draft";

describe("the create form (spec 2.18, 5)", () => {
  it("has no required checks: an empty post parses, with lifetime and no price", () => {
    const result = safeParse(PlanCreateFormSchema, {});
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: "",
      period: "lifetime",
      description: "",
      features: [],
      image: "",
      isActive: false,
      price: undefined,
    });
  });

  it("reads a full post: price as a number, one or many features", () => {
    const one = safeParse(PlanCreateFormSchema, {
      name: "Gold",
      price: "12.50",
      period: "month",
      description: "d",
      features: "A",
      image: "uploads/membership/x.png",
    });
    expect(one.data).toMatchObject({
      name: "Gold",
      price: 12.5,
      period: "month",
      features: ["A"],
      image: "uploads/membership/x.png",
    });
    const many = safeParse(PlanCreateFormSchema, { features: ["A", "", "B"] });
    expect(many.data?.features).toEqual(["A", "", "B"]);
  });

  it("leaves a blank price out and refuses one that is not a number", () => {
    expect(safeParse(PlanCreateFormSchema, { price: "  " }).data?.price).toBeUndefined();
    const bad = safeParse(PlanCreateFormSchema, { price: "abc" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Price must be a number");
  });

  it("defaults a blank period to lifetime and refuses an unknown one", () => {
    expect(safeParse(PlanCreateFormSchema, { period: "" }).data?.period).toBe("lifetime");
    expect(safeParse(PlanCreateFormSchema, { period: "week" }).error?.issues[0]?.message).toBe(
      "Period must be month, year or lifetime",
    );
  });
});

describe("the edit form (spec 2.19, 5)", () => {
  it("requires the membership id", () => {
    const missing = safeParse(PlanEditFormSchema, { name: "Gold" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ["id"], message: "Membership ID is required" });
    expect(safeParse(PlanEditFormSchema, { id: "  " }).error?.issues[0]?.message).toBe("Membership ID is required");
    expect(safeParse(PlanEditFormSchema, { id: "../1" }).error?.issues[0]?.message).toBe("Membership ID is required");
  });

  it("parses the price to a number, defaulting to 0", () => {
    const parse = (price: string | undefined) => safeParse(PlanEditFormSchema, { id: "3", price }).data?.price;
    expect(parse("19.99")).toBe(19.99);
    expect(parse(" 7 ")).toBe(7);
    expect(parse("")).toBe(0);
    expect(parse(undefined)).toBe(0);
    expect(parse("abc")).toBe(0);
    expect(parseEditPrice("12.5abc")).toBe(12.5);
  });

  it("reads the Active Status switch as a checkbox", () => {
    expect(safeParse(PlanEditFormSchema, { id: "3", isActive: "true" }).data?.isActive).toBe(true);
    expect(safeParse(PlanEditFormSchema, { id: "3", isActive: "on" }).data?.isActive).toBe(true);
    expect(safeParse(PlanEditFormSchema, { id: "3" }).data?.isActive).toBe(false);
  });
});

describe("intents", () => {
  it("knows the form's intents and splits a feature's index off", () => {
    expect(safeParse(PlanFormIntentSchema, { intent: "create" }).success).toBe(true);
    expect(safeParse(PlanFormIntentSchema, { intent: "upload-url" }).success).toBe(true);
    expect(safeParse(PlanFormIntentSchema, { intent: "drop-table" }).error?.issues[0]?.message).toBe("Unknown action");
    expect(splitIntent("remove-feature:2")).toEqual({ intent: "remove-feature", index: 2 });
    expect(splitIntent("remove-feature:x")).toEqual({ intent: "remove-feature:x" });
    expect(splitIntent("add-feature")).toEqual({ intent: "add-feature" });
    expect(splitIntent(undefined)).toEqual({ intent: "" });
  });
});

describe("drafts", () => {
  it("starts a new plan as lifetime, active, with one empty feature (spec 9)", () => {
    expect(newPlanDraft()).toEqual({
      name: "",
      price: "",
      period: "lifetime",
      description: "",
      features: [""],
      image: "",
      isActive: true,
    });
  });

  it("keeps every posted value for a re-rendered form", () => {
    const draft = draftFromValues(
      {
        name: "Gold",
        price: "9",
        period: "year",
        description: "d",
        features: ["A", ""],
        image: "uploads/membership/x.png",
        isActive: "true",
      },
      { activeWhenAbsent: false },
    );
    expect(draft).toEqual({
      name: "Gold",
      price: "9",
      period: "year",
      description: "d",
      features: ["A", ""],
      image: "uploads/membership/x.png",
      isActive: true,
    });
  });

  it("reads a missing switch per form, one feature as a list, and nothing as one empty entry", () => {
    expect(draftFromValues({}, { activeWhenAbsent: true })).toEqual(newPlanDraft());
    expect(draftFromValues({}, { activeWhenAbsent: false }).isActive).toBe(false);
    expect(draftFromValues({ features: "Only" }, { activeWhenAbsent: true }).features).toEqual(["Only"]);
    expect(draftFromValues({ period: "weekly", price: 5 }, { activeWhenAbsent: true })).toMatchObject({
      period: "lifetime",
      price: "5",
    });
  });

  it("sends only non-blank, trimmed features", () => {
    expect(cleanFeatures(["  A ", "", "  ", "B"])).toEqual(["A", "B"]);
  });
});

describe("formatting", () => {
  it("shows prices with a dollar sign and 2 decimals (spec 2.17)", () => {
    expect(formatPrice(4.99)).toBe("$4.99");
    expect(formatPrice(249)).toBe("$249.00");
    expect(formatPrice(19.5)).toBe("$19.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatTypedPrice("")).toBe("$0.00");
    expect(formatTypedPrice("12.345")).toBe("$12.35");
  });

  it("defaults the billing period to lifetime (spec 2.20)", () => {
    expect(planPeriod(null)).toBe("lifetime");
    expect(planPeriod("weekly")).toBe("lifetime");
    expect(periodLabel("month")).toBe("Monthly");
    expect(periodLabel("year")).toBe("Yearly");
    expect(periodLabel(undefined)).toBe("Lifetime");
    expect(periodSuffix("year")).toBe("/year");
    expect(periodSuffix(undefined)).toBe(" lifetime");
    expect(formatPriceAndPeriod(9.99, "month")).toBe("$9.99/month");
    expect(formatPriceAndPeriod(249, null)).toBe("$249.00 lifetime");
  });

  it("resolves a stored upload path against the API origin and keeps absolute links", () => {
    const origin = "http://127.0.0.1:4010";
    expect(planImageSrc("uploads/membership/a.png", origin)).toBe("http://127.0.0.1:4010/uploads/membership/a.png");
    expect(planImageSrc("/files/plans/1.svg", `${origin}/`)).toBe("http://127.0.0.1:4010/files/plans/1.svg");
    expect(planImageSrc("https://cdn.example.com/x.png", origin)).toBe("https://cdn.example.com/x.png");
    expect(planImageSrc("javascript:alert(1)", origin)).toBeNull();
    expect(planImageSrc("  ", origin)).toBeNull();
    expect(planImageSrc(null, origin)).toBeNull();
  });
});
