import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import { TARGET_FILTER_LABELS, type AuditFilters } from "./filters";
import { ACTION_FILTER_WORDS, capitalised, RESULT_LABELS } from "~/audit/entry";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** What each filter is called, in the order the form shows them. */
const TEXT_FILTERS: { name: "admin" | "target" | "batch"; label: string; placeholder: string }[] = [
  { name: "admin", label: "Admin", placeholder: "admin@example.com" },
  { name: "target", label: "Target id", placeholder: "42" },
  { name: "batch", label: "Batch", placeholder: "Batch id" },
];

/**
 * The filters of /audit: one `method="get"` form (the URL is the state, so it works without
 * JavaScript), applied with its button; a new filter starts at the newest entries (no cursor).
 * The page size is carried over; a malformed date is shown back with its message.
 */
export function AuditFilterForm({
  filters,
  errors,
}: {
  filters: AuditFilters;
  errors: Partial<Record<"from" | "to", string>> | null;
}) {
  const location = useLocation();
  const limit = new URLSearchParams(location.search).get("limit");
  const active = Object.values(filters).some(Boolean);
  return (
    <Form
      method="get"
      action={location.pathname}
      role="search"
      aria-label="Filter audit entries"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {limit ? <input type="hidden" name="limit" value={limit} /> : null}
      <TextFilter {...TEXT_FILTERS[0]!} value={filters.admin} />
      <SelectFilter
        name="action"
        label="Action"
        value={filters.action}
        // A word the trail holds that the list does not (an older entry's) stays as it was asked for.
        choices={[
          ...ACTION_FILTER_WORDS.map((word) => [word, capitalised(word)] as const),
          ...(filters.action && !(ACTION_FILTER_WORDS as readonly string[]).includes(filters.action)
            ? [[filters.action, filters.action] as const]
            : []),
        ]}
      />
      <SelectFilter name="kind" label="Target" value={filters.kind} choices={Object.entries(TARGET_FILTER_LABELS)} />
      <SelectFilter
        name="result"
        label="Result"
        value={filters.result}
        choices={Object.entries(RESULT_LABELS).map(([result, [label]]) => [result, label] as const)}
      />
      {TEXT_FILTERS.slice(1).map((field) => (
        <TextFilter key={field.name} {...field} value={filters[field.name]} />
      ))}
      <DateFilter name="from" label="From" value={filters.from} error={errors?.from} />
      <DateFilter name="to" label="To" value={filters.to} error={errors?.to} />
      <div className="flex items-end gap-3">
        <button type="submit" className={buttonClass("secondary")}>
          Apply
        </button>
        {active ? (
          <Link
            to={limit ? `${location.pathname}?limit=${limit}` : location.pathname}
            className="pb-2 text-sm font-medium text-brand-700 hover:text-brand-800"
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A filter chosen from a list, with "All" first (no filter). */
function SelectFilter({
  name,
  label,
  value,
  choices,
}: {
  name: string;
  label: string;
  value: string;
  choices: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} key={value} className={`${inputClass} mt-1`}>
        <option value="">All</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextFilter({
  name,
  label,
  placeholder,
  value,
}: {
  name: string;
  label: string;
  placeholder: string;
  value: string;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        defaultValue={value}
        key={value}
        placeholder={placeholder}
        autoComplete="off"
        className={`${inputClass} mt-1`}
      />
    </div>
  );
}

function DateFilter({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        key={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} mt-1`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
