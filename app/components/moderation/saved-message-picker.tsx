import { useId } from "react";
import { Form } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";

/** What the picker offers: the saved messages of one action, and the one chosen (saved-message-picker.server.ts). */
export interface SavedMessagePickerView {
  options: { id: string; title: string }[];
  chosen: { id: string; text: string } | null;
  /** Whether this admin may edit the list (/messages): the picker then links to it. */
  editable: boolean;
}

/**
 * The params of the page's URL a picker keeps (all of them: an open dialog's, the selection, the
 * page and filters), but the choice itself and React Router's index marker.
 */
export function keptParams(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([name]) => name !== "saved" && name !== "index");
}

/**
 * Choose a saved message (docs/product.md#saved-messages): a GET form that loads `to` again with
 * `?saved=<id>`, whose loader then starts the message's textarea with that text, which the
 * moderator may still edit before sending. Its own <form>, so it stands just before the form it
 * fills (forms do not nest); the same without JavaScript.
 */
export function SavedMessagePicker({
  picker,
  to,
  keep = [],
}: {
  picker: SavedMessagePickerView;
  to: string;
  /** The page's own parameters the choice keeps (a GET form sends only its fields): e.g. an open dialog's. */
  keep?: readonly (readonly [string, string])[];
}) {
  const id = useId();
  const edit = picker.editable ? (
    <Link to="/messages" className="text-link self-center text-sm">
      Edit saved messages
    </Link>
  ) : null;
  if (picker.options.length === 0) return edit;
  return (
    <Form method="get" action={to} preventScrollReset replace className="flex flex-wrap items-end gap-2">
      {keep.map(([name, value], index) => (
        // A name may repeat (a selection's `id`s).
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Saved message
        </label>
        <select id={id} name="saved" defaultValue={picker.chosen?.id ?? ""} className={`${inputClass} mt-1.5`}>
          <option value="">Choose a saved message</option>
          {picker.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Use this message
      </button>
      {edit}
    </Form>
  );
}
