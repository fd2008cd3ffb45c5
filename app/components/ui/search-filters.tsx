import { useEffect, useRef } from "react";
import { Form, useLocation, useSearchParams, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";

import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useChoicesBeforeHydration } from "~/components/ui/use-choices-before-hydration";
import { useHydrated } from "~/components/ui/use-hydrated";
import { inputClass } from "~/components/ui/field";
import { DIALOG_PARAMS } from "~/lib/dialog-url";
import { hrefWith } from "~/lib/pagination";

/** One option of a filter select; the empty value means "All". */
export interface FilterOption {
  value: string;
  label: string;
}

/** A select filter kept in the URL under `name`. */
export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  options: FilterOption[];
}

/** The search box of a filter form, kept in the URL under `name` (default `search`). */
export interface FilterSearch {
  name?: string;
  value: string;
  placeholder: string;
  /** Accessible label; the placeholder when absent. */
  label?: string;
}

/** URL params that a filter form never carries over: the page (a new filter starts at page 1) and dialog params. */
const DROPPED = new Set<string>(["page", ...DIALOG_PARAMS]);

/**
 * The search and filter bar of a list: a `method="get"` form, so the URL is the state and it
 * works without JavaScript (an Apply button submits it). Params it does not own (e.g. `limit`)
 * are carried over; `page` is dropped, so every change returns to page 1. With JavaScript a
 * select applies at once and the search applies as you type (debounced, replacing the history
 * entry so Back does not step through every keystroke). A choice made before the page hydrated
 * is applied once it has.
 */
export function SearchFilters({
  search,
  selects = [],
  label = "Filters",
  debounceMs = 300,
}: {
  search?: FilterSearch;
  selects?: FilterSelect[];
  label?: string;
  debounceMs?: number;
}) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const searchName = search?.name ?? "search";
  const owned = new Set([...(search ? [searchName] : []), ...selects.map((select) => select.name)]);
  const kept = [...searchParams].filter(([name]) => !owned.has(name) && !DROPPED.has(name));

  // Back and Forward change the URL under an uncontrolled input: show what the URL says,
  // unless the admin is typing in it right now.
  const searchValue = search?.value ?? "";
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = searchValue;
  }, [searchValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Submits the form with JavaScript, leaving out empty fields so the URL stays short. */
  const apply = (replace: boolean) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value);
    }
    submit(params, { method: "get", action: location.pathname, replace, preventScrollReset: true });
  };
  const formId = useChoicesBeforeHydration(() => apply(false));

  const active = Boolean(searchValue) || selects.some((select) => select.value);
  const clearHref = hrefWith(
    location.pathname,
    location.search,
    Object.fromEntries([...owned, "page"].map((name) => [name, null])),
  );

  return (
    <Form
      ref={formRef}
      id={formId}
      method="get"
      action={location.pathname}
      role="search"
      aria-label={label}
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        apply(false);
      }}
      className="filters"
    >
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {search ? (
        <div className="filter-search">
          <label htmlFor={`filter-${searchName}`} className="sr-only">
            {search.label ?? search.placeholder}
          </label>
          <Icon name="solid-magnifying-glass" />
          <input
            ref={inputRef}
            id={`filter-${searchName}`}
            type="search"
            name={searchName}
            defaultValue={searchValue}
            placeholder={search.placeholder}
            autoComplete="off"
            className={`${inputClass} pl-9`}
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => apply(true), debounceMs);
            }}
          />
        </div>
      ) : null}
      {selects.map((select) => (
        <FilterSelectField key={select.name} select={select} onChange={() => apply(false)} />
      ))}
      <div className="flex items-center gap-3">
        {hydrated ? null : (
          <button type="submit" className={buttonClass("secondary")}>
            Apply
          </button>
        )}
        {active ? (
          <Link to={clearHref} preventScrollReset className="text-sm font-medium text-brand-700 hover:text-brand-800">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function FilterSelectField({ select, onChange }: { select: FilterSelect; onChange: () => void }) {
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.value = select.value;
  }, [select.value]);
  const id = `filter-${select.name}`;
  return (
    <div className="sm:w-48">
      <label htmlFor={id} className="filter-label">
        {select.label}
      </label>
      <select
        ref={ref}
        id={id}
        name={select.name}
        defaultValue={select.value}
        onChange={onChange}
        className={`${inputClass} mt-1`}
      >
        {select.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
