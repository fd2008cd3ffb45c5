/**
 * The one rule for an id the panel takes from a form or a URL and puts in an upstream path: short
 * and URL-safe. The forms' `entityId` schema, the bulk selection and the upstream client all check it;
 * anything else is a typo or a probe.
 */
export const ENTITY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
