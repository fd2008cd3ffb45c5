import { data } from "react-router";

import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found-page";
import { getCurrentUser } from "~/session/user.server";

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in admin's Back to Home is the dashboard; everyone else also gets the way to the app.
  const signedIn = Boolean(getCurrentUser(request).role);
  return data({ signedIn }, { status: 404 });
}

export const meta = () => [{ title: "Page Not Found" }];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage showAppLink={!loaderData.signedIn} />;
}
