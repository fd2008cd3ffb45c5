import { zodResolver } from "@hookform/resolvers/zod";
import type { DefaultValues, FieldValues, Resolver } from "react-hook-form";
import { useRemixForm } from "remix-hook-form";
import type * as z from "zod/mini";

/**
 * useRemixForm set up the panel's way: the shared zod schema validates in the browser, values
 * are submitted as plain strings (exactly what a browser without JavaScript sends), and errors
 * returned by the action as `{ errors, values }` land on their fields.
 */
export function usePanelForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: S,
  options: { defaultValues?: DefaultValues<z.input<S>>; submitData?: Record<string, unknown> } = {},
) {
  return useRemixForm<z.input<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>>,
    mode: "onSubmit",
    reValidateMode: "onChange",
    stringifyAllValues: false,
    defaultValues: options.defaultValues,
    submitData: options.submitData,
  });
}
