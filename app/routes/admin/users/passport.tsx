/**
 * GET /users/{id}/passport: the user's passport as a download named `passport_{fullName}.pdf`
 * (docs/product.md#passport-download). A resource route (no component), so a plain link downloads it with the right
 * name, with or without JavaScript. The file comes from the link the upstream gives, through
 * downloadUpstreamFile: only from the API's origin or FILE_ORIGINS, never through a redirect,
 * at most 10 MB, and only a PDF or a plain image. Anything else is the failure text below.
 * (X-Content-Type-Options: nosniff is set on every answer by server/security-headers.ts.)
 *
 * A failure goes back to the page the link was on (`?back=`, checked like every redirect) with the reason as an
 * error toast: the link is a plain navigation, not `<a download>`, so the browser shows that page instead of
 * saving the error as a file.
 */
import type { Route } from "./+types/passport";
import { BACK_PARAM } from "./user-links";
import { attachmentDisposition } from "~/lib/format";
import { safeRedirect } from "~/session/safe-redirect";
import { redirectWithError } from "~/session/toast.server";
import { requireUser } from "~/session/user.server";
import { recordAuditEntry } from "~/audit/record.server";
import { isUpstreamError } from "~/upstream/errors";
import { downloadFileName, downloadUpstreamFile } from "~/upstream/file-download.server";
import { getUser } from "~/upstream/users.server";

// The redirect depends on the upstream's answer of the moment: never kept by a cache.
const NOT_STORED = { headers: { "Cache-Control": "no-store" } };

export async function loader({ request, params }: Route.LoaderArgs) {
  // Outside the admin layout; the root's guard has checked the role may read personal data (permissions.ts).
  const { email: admin } = await requireUser(request);
  const back = safeRedirect(new URL(request.url).searchParams.get(BACK_PARAM), "/users");
  const failed = (message: string) => redirectWithError(request, back, message, NOT_STORED);
  try {
    const user = await getUser(request, params.id);
    if (!user.passport?.trim()) return await failed("This user has no passport");
    const file = await downloadUpstreamFile(request, user.passport);
    const name = user.fullName?.trim() || user.email;
    // Reading personal data is an act: each download is on /audit (docs/product.md#roles-and-permissions).
    await recordAuditEntry({
      admin,
      action: "download-passport",
      target: { kind: "user", id: params.id, name },
      result: "done",
    });
    return new Response(file.bytes, {
      status: 200,
      headers: {
        // The type the content proved, never the file host's word for it.
        "Content-Type": file.type,
        "Content-Disposition": attachmentDisposition(downloadFileName(`passport_${name}`, file.extension)),
        "Content-Length": String(file.bytes.byteLength),
        // A personal document: never kept by a browser or shared cache.
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 404) return await failed(error.fromServer ? error.message : "Passport not found");
    return await failed("The passport could not be downloaded");
  }
}
