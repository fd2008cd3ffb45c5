import { type InputHTMLAttributes, useId } from "react";

const track =
  "peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors duration-200 checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const knob =
  "pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform duration-200 peer-checked:translate-x-5";

/**
 * A labelled on/off switch: a real checkbox (role="switch") posting `name=true` when on and
 * nothing when off, so it works the same with and without JavaScript. The text under the label
 * says what the current state means and follows the box through CSS, so it is live before (and
 * without) hydration. Pass `checked` and `onChange` to control it, or `defaultChecked`.
 */
export function SwitchField({
  name,
  label,
  onText,
  offText,
  ...box
}: {
  name: string;
  label: string;
  onText: string;
  offText: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "checked" | "defaultChecked" | "onChange">) {
  const id = useId();
  return (
    <div className="group/switch flex items-center justify-between gap-4 rounded-lg px-4 py-3 ring-1 ring-slate-200 ring-inset">
      <div className="min-w-0">
        <label htmlFor={`${id}-box`} className="block cursor-pointer text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          <span className="hidden group-has-checked/switch:inline">{onText}</span>
          <span className="group-has-checked/switch:hidden">{offText}</span>
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={`${id}-box`}
          type="checkbox"
          role="switch"
          name={name}
          value="true"
          aria-describedby={`${id}-description`}
          className={track}
          {...box}
        />
        <span aria-hidden="true" className={knob} />
      </span>
    </div>
  );
}
