/** The longest staff note (docs/product.md#staff-notes): the form's maxLength and its schema's limit. */
export const NOTE_MAX_LENGTH = 500;
