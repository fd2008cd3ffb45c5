import type { SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import { logLine } from "~/lib/log.server";
import type { SavedMessageAction } from "~/lib/saved-message-actions";
import { may } from "~/session/permissions";
import { requireUser } from "~/session/user.server";
import { savedMessages } from "~/state/saved-messages.server";

/** The URL parameter the picker's GET form sets: the chosen saved message's id. */
const PICKED_PARAM = "saved";

/**
 * The saved-message picker's view for a loader (docs/product.md#saved-messages): the messages of
 * `action`, and the one the URL chose (`?saved=<id>`), whose text the form's textarea starts with.
 * A store that does not answer offers no choice rather than failing the page.
 */
export async function savedMessagePicker(
  request: Request,
  action: SavedMessageAction,
): Promise<SavedMessagePickerView> {
  const picked = new URL(request.url).searchParams.get(PICKED_PARAM);
  const editable = may((await requireUser(request)).panelRole, "edit-saved-messages");
  try {
    const messages = await savedMessages().of(action);
    const chosen = messages.find((message) => message.id === picked);
    return {
      options: messages.map(({ id, title }) => ({ id, title })),
      chosen: chosen ? { id: chosen.id, text: chosen.text } : null,
      editable,
    };
  } catch (error) {
    logLine("error", "saved messages not read", { error: error instanceof Error ? error.message : String(error) });
    return { options: [], chosen: null, editable };
  }
}
