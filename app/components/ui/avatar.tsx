const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-20 text-2xl" } as const;

/** A round picture, or the first letter of the name when there is none. */
export function Avatar({ src, name, size = "md" }: { src?: string | null; name: string; size?: keyof typeof sizes }) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  if (src) {
    return <img src={src} alt="" className={`${sizes[size]} shrink-0 rounded-full bg-slate-100 object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {initial}
    </span>
  );
}
