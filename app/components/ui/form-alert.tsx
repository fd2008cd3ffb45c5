import type { ReactNode } from "react";

/** An inline alert for a form-level message (also readable without JavaScript). */
export function FormAlert({
  tone = "error",
  id,
  children,
}: {
  tone?: "error" | "success" | "info";
  /** For a field that points at this message with aria-describedby. */
  id?: string;
  children: ReactNode;
}) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    info: "border-sky-200 bg-sky-50 text-sky-800",
  };
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
