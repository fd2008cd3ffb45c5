import { it } from "vitest";
import { PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";
const stack = useStack({ OWNER_EMAILS: "admin@example.com" });
it("debug", async () => {
  const c = new PanelClient(stack.panel.url);
  const r0 = await c.post("/login", { email: "admin@example.com", password: "Admin12345" });
  console.log("DEBUG login", r0.status, r0.headers.get("location"), r0.headers.getSetCookie());
  for (const p of ["/"]) {
    const r = await c.get(p);
    console.log("DEBUG", p, r.status, r.headers.get("location"), r.headers.getSetCookie());
  }
  console.log(stack.panel.output().split("\n").slice(-20).join("\n"));
});
