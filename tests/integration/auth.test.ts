import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

const stack = useStack();

const client = () => new PanelClient(stack.panel.url);

describe("POST /login", () => {
  it("signs in, relays the upstream session and stores the user", async () => {
    const panel = client();
    const response = await panel.post("/login", { email: "ADMIN@example.com", password: "Admin12345" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");

    const cookies = response.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith("session="))!;
    const user = cookies.find((line) => line.startsWith("user="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Domain=/i);
    expect(user).toMatch(/HttpOnly/);
    expect(user).toMatch(/SameSite=Lax/);
    expect(user).toMatch(/Max-Age=604800/);
    expect(user).toMatch(/Path=\//);

    const [signin] = await recordedRequests(stack.demo.url, "/auth/signin");
    expect(signin!.body).toMatchObject({ email: "admin@example.com", role: "ADMIN" });

    const home = await panel.get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Administrator");
  });

  it.each([
    "//evil.test",
    "/\\evil.test",
    "/\t/evil.test",
    "/%09/evil.test",
    "https://evil.test",
    "javascript:alert(1)",
  ])("keeps redirectTo=%j on the panel", async (redirectTo) => {
    const response = await client().post("/login", { email: "admin@example.com", password: "Admin12345", redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("goes to a safe redirectTo", async () => {
    const response = await client().post("/login", {
      email: "admin@example.com",
      password: "Admin12345",
      redirectTo: "/users?page=2",
    });
    expect(response.headers.get("location")).toBe("/users?page=2");
  });

  it("answers each missing field with its message", async () => {
    const response = await client().post("/login", { email: "", password: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email is required");
    expect(html).toContain("Password is required");
  });

  it("re-renders a wrong password with the upstream's message and the typed email", async () => {
    const response = await client().post("/login", { email: "admin@example.com", password: "wrong-one" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(toastMessage(html)).toBe("Invalid email or password");
    expect(html).toContain('value="admin@example.com"');
    expect(html).not.toContain("wrong-one");
  });

  it("falls back to the spec's text when the upstream fails without a message", async () => {
    await injectFault(stack.demo.url, { method: "POST", path: "/auth/signin", status: 500, body: {} });
    const response = await client().post("/login", { email: "admin@example.com", password: "Admin12345" });
    expect(response.status).toBe(502);
    expect(toastMessage(await response.text())).toBe("An error occurred during login");
  });

  it("refuses a member with the upstream's message", async () => {
    const response = await client().post("/login", { email: "member@example.com", password: "Member12345" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("user="))).toBe(false);
    // The server's words as the error toast (spec 8), beside the page about the panel and the app.
    const html = await response.text();
    expect(toastMessage(html)).toBe("Access denied. Admins only.");
    expect(html).toMatch(/data-testid="toast"[^>]*data-type="error"/);
    expect(html).toContain("This panel is for administrators");
  });

  it("rejects prototype-polluting field names", async () => {
    const response = await client().post("/login", [
      ["email", "admin@example.com"],
      ["password", "Admin12345"],
      ["__proto__.polluted", "yes"],
    ]);
    expect(response.status).toBe(400);
  });
});

describe("session guard", () => {
  it("sends a visitor without a role to /login with a way back", async () => {
    const response = await client().get("/?tab=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2F%3Ftab%3D1");
  });

  it("ignores an unsigned user cookie", async () => {
    const panel = client();
    panel.setCookie(
      "user",
      Buffer.from(JSON.stringify({ role: "ADMIN", userName: "x", username: null, email: null, avatar: null })).toString(
        "base64",
      ),
    );
    const response = await panel.get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
  });

  it("sends a signed-in admin from /login to /", async () => {
    const panel = client();
    await panel.signIn();
    const response = await panel.get("/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("POST /logout", () => {
  it("calls the upstream, clears the cookies and toasts", async () => {
    const panel = client();
    await panel.signIn();
    const response = await panel.post("/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    expect(panel.cookie("session")).toBeUndefined();
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Logged out successfully");
    const [logout] = await recordedRequests(stack.demo.url, "/auth/logout");
    expect(logout).toMatchObject({ method: "GET", hasSession: true });
  });

  it("signs out without a toast when the upstream fails", async () => {
    const panel = client();
    await panel.signIn();
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/logout", status: 500 });
    const response = await panel.post("/logout", {});
    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBeUndefined();
  });

  it("never signs out on a GET", async () => {
    const panel = client();
    await panel.signIn();
    await panel.get("/logout");
    expect(panel.cookie("user")).toBeDefined();
    expect(await recordedRequests(stack.demo.url, "/auth/logout")).toHaveLength(0);
  });
});

describe("sidebar without JavaScript", () => {
  it("stores the state in sidebar_state for 7 days and goes back", async () => {
    const panel = client();
    await panel.signIn();
    const response = await panel.post("/resources/sidebar", { expanded: "false", redirectTo: "/?x=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?x=1");
    expect(response.headers.get("set-cookie")).toMatch(/^sidebar_state=false; Path=\/; Max-Age=604800; SameSite=Lax/);
    const html = await (await panel.get("/")).text();
    expect(html).toContain('data-sidebar-state="collapsed"');
  });
});

describe("what the sign-in page and the admin shell show without JavaScript", () => {
  const view = async (path: string, panel = client()) => htmlPage(await panel.get(path));

  it("the sign-in page offers Sign up through the app page and Forgot your password", async () => {
    const screen = await view("/login");
    expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/get-app");
    expect(screen.getByRole("link", { name: "Forgot your password" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("shows the brand, the seven entries and the signed-in admin in the user menu", async () => {
    const panel = client();
    await panel.signIn();
    const screen = await view("/", panel);
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("heading", { name: "Navigation" })).toBeTruthy();
    for (const [name, description] of [
      ["Dashboard", "Overview & Analytics"],
      ["Users", "User Management"],
      ["Forum", "Posts & Comments"],
      ["Announcements", "System Notifications"],
      ["Citizenship", "Verification Requests"],
      ["Memberships", "Subscription Plans"],
      ["Audit", "Who did what"],
      ["Insights", "The team's work"],
      ["Saved messages", "For warnings and bans"],
    ])
      expect(nav.getByRole("link", { name: `${name} ${description}` })).toBeTruthy();
    const sidebar = within(screen.getByRole("complementary", { name: "Sidebar" }));
    expect(sidebar.getByRole("link", { name: /Admin Dashboard/ }).getAttribute("href")).toBe("/");
    const menu = within(screen.getByText("Administrator").closest("details")!);
    expect(menu.getByText("admin@example.com")).toBeTruthy();
    expect(menu.getByText("Admin", { exact: true })).toBeTruthy();
  });

  it("marks the active entry on every screen", async () => {
    const panel = client();
    await panel.signIn();
    for (const [path, entry] of [
      ["/", "Dashboard"],
      ["/users", "Users"],
      ["/users/12", "Users"],
      ["/posts", "Forum"],
      ["/announcements", "Announcements"],
      ["/badge-requests", "Citizenship"],
      ["/memberships/create", "Memberships"],
      ["/audit", "Audit"],
      ["/messages", "Saved messages"],
    ]) {
      const nav = (await view(path!, panel)).getByRole("navigation", { name: "Main" });
      const current = nav.querySelectorAll('[aria-current="page"]');
      expect(current, path).toHaveLength(1);
      expect(current[0]!.textContent, path).toContain(entry);
    }
  });
});
