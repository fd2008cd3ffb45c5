/**
 * GET /users/{id}/passport: the user's passport as a download named `passport_{fullName}.pdf`
 * (spec 2.14). A resource route (no component): the file streams from the upstream through the
 * panel, so a plain link downloads it with the right name, with or without JavaScript.
 */
import type { Route } from "./+types/passport";
import { attachmentDisposition } from "~/lib/format";
import { requireUser } from "~/session/user.server";
import { isUpstreamError } from "~/upstream/errors";
import { fetchPassportFile, getUser } from "~/upstream/users.server";

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // Outside the admin layout, so nothing else checks the session first.
  await requireUser(request);
  try {
    const user = await getUser(request, params.id);
    if (!user.passport?.trim()) return textResponse(404, "This user has no passport");
    const file = await fetchPassportFile(request, user.passport);
    const name = user.fullName?.trim() || user.email;
    const headers = new Headers({
      "Content-Type": file.headers.get("content-type") || "application/pdf",
      "Content-Disposition": attachmentDisposition(`passport_${name}.pdf`),
      // A personal document: never kept by a browser or shared cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    const length = file.headers.get("content-length");
    if (length) headers.set("Content-Length", length);
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 404) return textResponse(404, error.fromServer ? error.message : "Passport not found");
    return textResponse(502, "The passport could not be downloaded");
  }
}
