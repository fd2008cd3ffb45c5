import type { Route } from "./+types/dashboard";
import { BADGE_CONFIRMATIONS } from "./badge-requests/badge-actions";
import { decideBadgeAction } from "./badge-requests/badge-actions.server";
import { BadgeRequestTable } from "~/components/moderation/badge-request-table";
import { PostCard } from "~/components/moderation/post-card";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { StatCard } from "~/components/ui/stat-card";
import { env } from "~/config/env.server";
import { skipRevalidationForDialogs } from "~/lib/dialog-url";
import { LIST_LOAD_ERROR } from "~/lib/messages";
import { toBadgeRow, toPostCard } from "~/components/moderation/rows.server";
import { countInvites, recentPendingBadges, recentPosts } from "~/upstream/moderation.server";
import { settleAll } from "~/upstream/settle.server";
import { isAdminUser, listUserRoles } from "~/upstream/users.server";
import { may } from "~/session/permissions";
import { requireUser } from "~/session/user.server";

/** docs/product.md#dashboard: the dashboard counts users among the first 100, and lists 5 posts and 5 requests (DASHBOARD_RECENT). */
const USER_SAMPLE = { page: 1, limit: 100 };

export async function loader({ request }: Route.LoaderArgs) {
  // Independent calls run together: the page costs the slowest one, and each may fail alone. Each
  // answer is read only as far as the page uses it (decision 091): what comes after the slowest
  // call is what the page's first byte waits for.
  const [users, posts, badges, invites] = await settleAll([
    listUserRoles(request, USER_SAMPLE),
    recentPosts(request),
    recentPendingBadges(request),
    countInvites(request),
  ] as const);
  const { APP_TIMEZONE } = env();
  const { panelRole: role } = await requireUser(request);
  return {
    // What the admin's role offers (permissions.ts).
    decide: may(role, "decide-citizenship"),
    totalUsers: users.ok ? users.value.filter((user) => !isAdminUser(user)).length : null,
    totalPosts: posts.ok ? posts.value.count : null,
    pendingBadges: badges.ok ? badges.value.count : null,
    activeInvites: invites.ok ? invites.value : null,
    recentPosts: posts.ok ? posts.value.recent.map((post) => toPostCard(post, APP_TIMEZONE)) : null,
    recentBadges: badges.ok ? badges.value.recent.map((badge) => toBadgeRow(badge, false)) : null,
  };
}

/** Approve and reject (docs/product.md#citizenship-requests): one action with /badge-requests, in badge-requests/badge-actions.server.ts. */
export const action = (args: Route.ActionArgs) => decideBadgeAction(args);

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { totalUsers, totalPosts, pendingBadges, activeInvites, recentPosts, recentBadges, decide } = loaderData;
  return (
    <div className="space-y-8">
      <PageHeader title="Dashboard" subtitle="Overview & Analytics" />

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Users" value={totalUsers} icon="outline-users" error={LIST_LOAD_ERROR} />
        <StatCard
          label="Total Posts"
          value={totalPosts}
          icon="outline-chat-bubble-left-right"
          error={LIST_LOAD_ERROR}
        />
        <StatCard label="Pending Badges" value={pendingBadges} icon="outline-shield-check" error={LIST_LOAD_ERROR} />
        <StatCard label="Active Invites" value={activeInvites} icon="outline-envelope" error={LIST_LOAD_ERROR} />
      </section>

      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="recent-badges" className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 id="recent-badges" className="text-lg font-semibold text-slate-900">
              Recent Badge Requests
            </h2>
            <ButtonLink to="/badge-requests" variant="ghost" size="sm">
              View all
            </ButtonLink>
          </div>
          {recentBadges ? (
            <BadgeRequestTable confirmations={BADGE_CONFIRMATIONS} rows={recentBadges} compact decide={decide} />
          ) : (
            <Failure />
          )}
        </section>

        <section aria-labelledby="recent-posts" className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 id="recent-posts" className="text-lg font-semibold text-slate-900">
              Recent Posts
            </h2>
            <ButtonLink to="/posts" variant="ghost" size="sm">
              View all
            </ButtonLink>
          </div>
          {recentPosts === null ? (
            <Failure />
          ) : recentPosts.length === 0 ? (
            <EmptyState
              card
              icon="outline-chat-bubble-left-right"
              title="No Posts Found"
              description="No posts have been created yet."
            />
          ) : (
            <ul className="space-y-3">
              {recentPosts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} compact />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function Failure() {
  return <EmptyState card tone="error" title={LIST_LOAD_ERROR} />;
}
