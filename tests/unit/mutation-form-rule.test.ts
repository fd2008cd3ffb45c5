// The lint rule that keeps every mutation form a MutationForm (eslint.config.js): a bare
// `<Form method="post">` fails `npm run lint` anywhere in app/ but in MutationForm itself.
import { join } from "node:path";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const eslint = new ESLint({ cwd: ROOT });

/**
 * The messages of the rule for `code`, linted as if it were the file at `path`. Route files are
 * linted with type information, which needs a file the TypeScript project knows: a real one.
 */
async function ruleMessages(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  // A file the linter could not parse reports nothing else: say so rather than pass.
  expect((result?.messages ?? []).filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

const form = (method: string) => `import { Form } from "react-router";
export function Probe() {
  return <Form method=${method} />;
}
`;

// Each lint of a new file may load more of the TypeScript project: CPU-bound seconds on a busy
// machine, so the tests get a budget for work, not the 5 s default meant for waiting.
describe('no bare <Form method="post">', { timeout: 60_000 }, () => {
  // The first lint loads the config, its plugins and (for a route) the TypeScript project:
  // seconds on a busy machine, and more beside the integration and end-to-end tests (decision 088:
  // it took over 120 s there at load 20).
  beforeAll(() => ruleMessages("", "app/routes/admin/posts/list.tsx"), 300_000);

  it("fails a post form in a route or a component, however the method is written", async () => {
    expect(await ruleMessages(form('"post"'), "app/routes/admin/posts/list.tsx")).toHaveLength(1);
    expect(await ruleMessages(form('{"POST"}'), "app/components/ui/probe.tsx")).toHaveLength(1);
    expect((await ruleMessages(form('"post"'), "app/routes/auth/login.tsx"))[0]).toContain("MutationForm");
  });

  it("lets a get form (search, filters) and MutationForm's own <Form> through", async () => {
    expect(await ruleMessages(form('"get"'), "app/routes/admin/posts/list.tsx")).toEqual([]);
    expect(await ruleMessages(form('"post"'), "app/recipe/mutation-form.tsx")).toEqual([]);
  });
});
