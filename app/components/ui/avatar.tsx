import { UpstreamImage } from "~/components/ui/upstream-image";

const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-20 text-2xl" } as const;

/** A round picture, or the first letter of the name when there is none or it fails to load. */
export function Avatar({ src, name, size = "md" }: { src?: string | null; name: string; size?: keyof typeof sizes }) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  // app.css: .avatar, the round box with the picture over the initial, which then fills it.
  const letter = (
    <span aria-hidden="true" className={src ? "avatar-initial" : `avatar-initial rounded-full ${sizes[size]}`}>
      {initial}
    </span>
  );
  // A picture that fails to load leaves the initial showing (UpstreamImage).
  return src ? (
    <UpstreamImage src={src} className={`avatar ${sizes[size]}`} testId="avatar">
      {letter}
    </UpstreamImage>
  ) : (
    letter
  );
}
