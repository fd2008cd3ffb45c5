/**
 * The demo API's data as tests read it: straight from `/api`, signed in as the admin, so a test
 * picks users by their facts (banned, has a passport...) rather than by seed ids.
 */

/** A Cookie header signed in to the demo API as its admin, for reading its data straight from `/api`. */
export async function demoAdminCookie(demoUrl: string): Promise<string> {
  const signin = await fetch(`${demoUrl}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin12345", role: "ADMIN" }),
  });
  return signin.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** A user as the demo API's users list describes it. */
export interface DemoUser {
  id: number;
  fullName: string | null;
  email: string;
  phone: string | null;
  country: string | null;
  dateOfBirth: string | null;
  role: string;
  status: string;
  isEmailVerified: boolean;
  isBanned: boolean;
  passport: string | null;
  profilePic: string | null;
  badgeRequestStatus: number;
  devicesCount: number;
}

/** Every user of the demo data, administrators included. */
export async function demoUsers(demoUrl: string): Promise<DemoUser[]> {
  const cookie = await demoAdminCookie(demoUrl);
  const users: DemoUser[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${demoUrl}/api/users?page=${page}&limit=100`, { headers: { cookie } });
    const answer = (await response.json()) as { data: DemoUser[]; pagination: { totalPages: number } };
    users.push(...answer.data);
    if (page >= answer.pagination.totalPages) return users;
  }
}

/** The first non-admin user that passes `test`; fails loudly when none does. */
export async function findDemoUser(demoUrl: string, test: (user: DemoUser) => boolean): Promise<DemoUser> {
  const user = (await demoUsers(demoUrl)).find((candidate) => candidate.role !== "admin" && test(candidate));
  if (!user) throw new Error("no demo user matches");
  return user;
}
