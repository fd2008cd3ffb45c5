import * as z from "zod/mini";

import { requiredText } from "~/forms/fields";
import { isAbsoluteUrl } from "~/lib/file-link";
import { isLocalDateTime } from "~/lib/local-datetime";

/** Limits of docs/product.md#announcement-form (the contract has the same numbers for the upstream). */
export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 2000;

/** Messages of docs/product.md#announcement-form, verbatim. */
export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 255 characters",
  descriptionRequired: "Description is required",
  descriptionTooLong: "Description must be less than 2000 characters",
  dateRequired: "Date is required",
  invalidUrl: "Please enter a valid URL",
  // Not reachable from a datetime-local input (the browser sends '' for a bad value); the
  // upstream's wording for the same problem.
  invalidDate: "Date must be a valid date-time",
} as const;

/**
 * A switch's value as any client sends it: a checkbox without JavaScript sends "on" (or its
 * value "true") when checked and nothing when not; with JavaScript the form sends "true" or
 * "false". Anything else is false.
 */
export function checkbox() {
  return z.pipe(
    z.optional(z.union([z.string(), z.boolean()])),
    z.transform((value) => value === true || value === "on" || value === "true"),
  );
}

/** The create and edit form of docs/product.md#announcement-form, validated by its rules in browser and server. */
export const AnnouncementFormSchema = z.object({
  title: requiredText(ANNOUNCEMENT_MESSAGES.titleRequired).check(
    z.maxLength(TITLE_MAX, ANNOUNCEMENT_MESSAGES.titleTooLong),
  ),
  description: requiredText(ANNOUNCEMENT_MESSAGES.descriptionRequired).check(
    z.maxLength(DESCRIPTION_MAX, ANNOUNCEMENT_MESSAGES.descriptionTooLong),
  ),
  date: requiredText(ANNOUNCEMENT_MESSAGES.dateRequired).check(
    z.refine((value) => value === "" || isLocalDateTime(value), ANNOUNCEMENT_MESSAGES.invalidDate),
  ),
  imageUrl: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === "" || isAbsoluteUrl(value), ANNOUNCEMENT_MESSAGES.invalidUrl),
    ),
  ),
  isActive: checkbox(),
  isPinned: checkbox(),
});
export type AnnouncementFormValues = z.output<typeof AnnouncementFormSchema>;
