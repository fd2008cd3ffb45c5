/** A small spinning circle; `label` is read by screen readers. */
export function Spinner({ label = "Loading", className = "size-5" }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <svg className={`animate-spin text-brand-700 ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
