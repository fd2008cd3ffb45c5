import { Description, Field, Label, Switch } from "@headlessui/react";
import { useEffect, useId, useRef, useState } from "react";
import { type Control, useController } from "react-hook-form";

import { isOn } from "~/components/announcements/status-badges";
import type { AnnouncementFormInput } from "~/forms/announcement";

type SwitchName = "isActive" | "isPinned";

const track =
  "relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const knob = "pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow ring-0 transition-transform duration-200";

/**
 * A labelled on/off switch of the announcement form (spec 2.13) with the text that says what
 * the current state means. The server renders a real checkbox (role="switch", value "true"),
 * so it works without JavaScript and its text follows it through CSS; once the page runs
 * JavaScript it becomes a Headless UI Switch bound to the form, with a hidden input carrying
 * the value for a native submission.
 */
export function SwitchField({
  control,
  name,
  label,
  onText,
  offText,
}: {
  control: Control<AnnouncementFormInput>;
  name: SwitchName;
  label: string;
  onText: string;
  offText: string;
}) {
  const { field } = useController({ control, name });
  const checked = isOn(field.value);
  const [enhanced, setEnhanced] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  const boxId = `${id}-box`;
  const descriptionId = `${id}-description`;

  // A click on the checkbox before hydration finished is kept when the switch takes over.
  const { onChange } = field;
  useEffect(() => {
    if (box.current && box.current.checked !== checked) onChange(box.current.checked);
    setEnhanced(true);
    // Runs once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const frame = "flex items-center justify-between gap-4 rounded-lg px-4 py-3 ring-1 ring-slate-200 ring-inset";
  const labelClass = "block text-sm font-medium text-slate-800";
  const descriptionClass = "text-sm text-slate-500";

  if (enhanced) {
    // Field, Label and Description give the switch its name and description (Headless UI sets
    // aria-labelledby and aria-describedby itself).
    return (
      <Field className={frame}>
        <div className="min-w-0">
          <Label className={`${labelClass} cursor-pointer`}>{label}</Label>
          <Description className={descriptionClass}>{checked ? onText : offText}</Description>
        </div>
        <Switch
          checked={checked}
          onChange={onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          className={`group ${track} data-checked:bg-brand-600`}
        >
          <span aria-hidden="true" className={`${knob} group-data-checked:translate-x-5`} />
        </Switch>
        <input type="hidden" name={name} value={checked ? "true" : "false"} />
      </Field>
    );
  }

  return (
    <div className={`group/switch ${frame}`}>
      <div className="min-w-0">
        <label htmlFor={boxId} className={labelClass}>
          {label}
        </label>
        <p id={descriptionId} className={descriptionClass}>
          <span className="hidden group-has-checked/switch:inline">{onText}</span>
          <span className="group-has-checked/switch:hidden">{offText}</span>
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          ref={box}
          id={boxId}
          type="checkbox"
          role="switch"
          name={name}
          value="true"
          defaultChecked={checked}
          aria-describedby={descriptionId}
          className={`peer ${track} appearance-none checked:bg-brand-600`}
        />
        <span aria-hidden="true" className={`${knob} peer-checked:translate-x-5`} />
      </span>
    </div>
  );
}
