import { usersQuery } from "./list-rows.server";
import { userState } from "./user-actions";
import { opensBan } from "./user-links";
import { USER_TABLE } from "./user-actions.server";
import { banEndsOf } from "~/bans/ban-ends.server";
import { banOffer } from "./user-actions.server";
import { strikeCounts } from "~/bans/strikes.server";
import { now } from "~/lib/clock.server";
import { logLine } from "~/lib/log.server";
import { bulkSelectionView, bulkSelectionWithoutRows } from "~/components/ui/bulk-selection.server";
import { env } from "~/config/env.server";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { pageCount } from "~/lib/pagination";
import { bulkChoices } from "~/recipe/action-table.server";
import { loadFailure } from "~/recipe/failure.server";
import { isAdminUser, listUsers } from "~/upstream/users.server";
import { safeFileLink } from "~/upstream/file-links.server";
import { may, maySee, mayPost } from "~/session/permissions";
import { requireUser } from "~/session/user.server";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";

/** The bulk actions on users (docs/product.md#bulk-selection): the screen's table, labelled as its rows. */
const USER_BULK_ACTIONS = bulkChoices(USER_TABLE);

/** The default picture of a user without one (docs/product.md#users-list). */
const DEFAULT_AVATAR = "/default-avatar.svg";

/**
 * What the users list's total counts (decision 038): the upstream's accounts, administrators included, and how many
 * of this page's rows the panel leaves out for being administrators.
 */
export function usersTotalText(total: number, hiddenHere: number): string {
  const accounts = `${total} ${total === 1 ? "account" : "accounts"}, administrators included`;
  return hiddenHere > 0 ? `${accounts} (${hiddenHere} not listed on this page)` : accounts;
}

/** "Ban ends within 7 days" (docs/product.md#bans-with-an-end): a pending end this close. */
const BAN_ENDS_SOON_MS = 7 * 24 * 3600 * 1000;
const BAN_ENDS_SOON = "Ban ends within 7 days";

/**
 * The pending ban ends of a page's members, and their live strikes while a ban is confirmed (the
 * ladder's suggestion is the ban confirmation's alone): reads of the panel's state. A state store
 * that does not answer leaves the list as it is, without them.
 */
async function banStates(ids: string[], banning: boolean) {
  try {
    const [ends, strikes] = await Promise.all([
      banEndsOf(ids),
      banning ? strikeCounts(ids) : new Map<string, number>(),
    ]);
    return { ends, strikes };
  } catch (error) {
    logLine("error", "the list's ban ends and strikes could not be read", { error: String(error) });
    return { ends: new Map<string, number>(), strikes: new Map<string, number>() };
  }
}

/** The users list: one upstream page, administrators left out (docs/product.md#users-list). */
export async function loadUsers(request: Request) {
  const { page, limit, filters, upstream } = usersQuery(new URL(request.url).searchParams);
  const { BULK_MAX: max } = env();
  // What the admin's role offers (permissions.ts): nothing else is rendered, nor sent to the page.
  const { panelRole: role } = await requireUser(request);
  const can = { ban: may(role, "ban"), verify: may(role, "verify"), export: may(role, "export") };
  const personal = maySee(role, "passport");
  const bulkActions = USER_BULK_ACTIONS.filter(([intent]) => mayPost(role, "/users/bulk", intent));
  // What only the ban confirmation shows (its offer, the strikes, the saved ban messages:
  // docs/product.md#saved-messages) is read and sent only while it is open (decision 087).
  const banning = can.ban && opensBan(new URL(request.url).searchParams);
  const picker = banning ? savedMessagePicker(request, "ban") : null;

  try {
    const { data: answer } = await listUsers(request, { page, limit, ...upstream });
    const { total } = answer.pagination;
    // Administrators come back from GET /users; the panel never lists them (docs/product.md#users-list).
    const members = answer.data.filter((user) => !isAdminUser(user));
    const { ends, strikes } = await banStates(
      members.map((user) => user.id),
      banning,
    );
    const soon = now() + BAN_ENDS_SOON_MS;
    return {
      users: members.map((user) => ({
        ...userState(user),
        ...(banning ? { strikes: strikes.get(user.id) ?? 0 } : {}),
        // "Ban ends within 7 days" (docs/product.md#bans-with-an-end): worded here, the browser only shows it.
        banNote: user.isBanned && (ends.get(user.id) ?? Infinity) <= soon ? BAN_ENDS_SOON : null,
        name: user.fullName?.trim() || "",
        email: user.email,
        avatar: safeFileLink(user.profilePic) ?? DEFAULT_AVATAR,
        hasCertificate: personal && user.badgeRequestStatus === 2 && safeFileLink(user.badgeFileName) !== null,
        hasPassport: personal && Boolean(user.passport?.trim()),
      })),
      // The upstream's own totals: they count the administrators it sends (it has no role filter,
      // and one call per render rules out a second count), so the footer says so (decision 038).
      pageInfo: { page, limit, total, totalPages: pageCount(total, limit) },
      totalText: usersTotalText(total, answer.data.length - members.length),
      filters,
      can,
      banOffer: banning ? banOffer() : null,
      picker: await picker,
      bulk: bulkSelectionView(request, {
        actions: bulkActions,
        rows: members.map((user) => user.id),
        matching: filters.search.trim() || filters.status || filters.citizenship ? total : null,
        max,
        paged: pageCount(total, limit) > 1,
      }),
      error: null,
    };
  } catch (error) {
    return loadFailure(error, {
      users: [],
      pageInfo: { page, limit, total: 0, totalPages: 1 },
      totalText: undefined,
      filters,
      can,
      banOffer: null,
      picker: null,
      bulk: bulkSelectionWithoutRows(request, bulkActions, max),
      error: LIST_LOAD_ERROR,
    });
  }
}
