import { Avatar } from "~/components/ui/avatar";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { MutationForm, useIsPending } from "~/recipe/mutation-form";

/** What the shell knows of the signed-in admin. */
export interface ShellUser {
  name: string;
  email: string | null;
  avatar: string | null;
}

/**
 * The user menu at the bottom of the sidebar (docs/product.md#user-menu-and-sign-out). A <details> element, so it opens
 * without JavaScript; 'Sessions' links to the sessions page; 'Sign out' is a POST form, and a second click while it runs is ignored.
 * With JavaScript it also closes as a menu does: on a click outside, on Escape (focus back on
 * its button) and when the admin moves to another page (shell-behaviour.ts).
 */
export function UserMenu({ user, collapsed }: { user: ShellUser; collapsed: boolean }) {
  return (
    <details className="user-menu group relative">
      <summary
        className={collapsed ? "user-menu-button md:justify-center md:p-0 md:py-2" : "user-menu-button"}
        aria-label={collapsed ? `${user.name}, Administrator` : undefined}
      >
        <Avatar src={user.avatar} name={user.name} size="sm" />
        <span className={collapsed ? "user-menu-name md:sr-only" : "user-menu-name"}>
          <span>{user.name}</span>
          <span className="nav-note">Administrator</span>
        </span>
        <Icon name="solid-chevron-up-down" className={collapsed ? "md:hidden" : undefined} />
      </summary>
      <div className="user-menu-panel">
        <div className="user-menu-head">
          <Avatar src={user.avatar} name={user.name} size="md" />
          <div>
            <p>{user.name}</p>
            {user.email ? <p>{user.email}</p> : null}
            <span>Admin</span>
          </div>
        </div>
        <Link to="/account/sessions" className="user-menu-item mt-2">
          <Icon name="solid-computer-desktop" />
          Sessions
        </Link>
        <Link to="/account/two-factor" className="user-menu-item">
          <Icon name="solid-device-phone-mobile" />
          Two-factor authentication
        </Link>
        <MutationForm action="/logout">
          <SignOutButton />
        </MutationForm>
      </div>
    </details>
  );
}

/** The menu's submit button, disabled and saying so while its sign-out is on its way. */
function SignOutButton() {
  const signingOut = useIsPending();
  return (
    <button type="submit" disabled={signingOut} className="user-menu-item">
      <Icon name="solid-arrow-right-start-on-rectangle" />
      {signingOut ? "Signing out..." : "Sign out"}
    </button>
  );
}
