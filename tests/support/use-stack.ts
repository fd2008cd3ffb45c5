import { afterAll, beforeAll, beforeEach } from "vitest";

import { resetDemo } from "./demo-hooks";
import { useRedis } from "./redis-server";
import { type RunningServer, type Stack, startPanel, startStack } from "./servers";

/**
 * For an integration test file: starts a demo API and a built panel before its tests, reseeds
 * the demo data before each test, and stops both after the last one. A failed test prints the
 * panel's warnings and errors logged while it ran (why a call failed: a timeout, a refusal...).
 * The returned object reads like the started stack (`stack.panel.url`, `stack.demo.url`).
 */
export function useStack(panelEnv: NodeJS.ProcessEnv = {}): Pick<Stack, "panel" | "demo"> {
  let started: Stack | undefined;
  beforeAll(async () => {
    started = await startStack(panelEnv);
  });
  afterAll(async () => {
    await started?.stop();
  });
  beforeEach(async ({ onTestFailed }) => {
    const { panel, demo } = running();
    const logged = panel.output().length;
    onTestFailed(() => {
      const problems = panel
        .output()
        .slice(logged)
        .split("\n")
        .filter((line) => line && !line.includes('"level":"info"'));
      if (problems.length > 0) console.log(`The panel's warnings and errors during the test:\n${problems.join("\n")}`);
    });
    await resetDemo(demo.url);
  });
  const running = (): Stack => {
    if (!started) throw new Error("the stack is not started yet: use it inside tests or hooks");
    return started;
  };
  return {
    get panel(): RunningServer {
      return running().panel;
    },
    get demo(): RunningServer {
      return running().demo;
    },
  };
}

/**
 * For a describe about several instances: a stack whose panel shares a real Redis with a second
 * panel on the same demo API (`second`), both started before its tests and stopped after them.
 * Without redis-server the describe's tests are skipped (useRedis says why).
 */
export function useTwoPanelsOnRedis(panelEnv: NodeJS.ProcessEnv = {}) {
  useRedis(panelEnv);
  const stack = useStack(panelEnv);
  let second: RunningServer | undefined;
  beforeAll(async () => {
    if (panelEnv.REDIS_URL) second = await startPanel(`${stack.demo.url}/api`, panelEnv);
  });
  afterAll(async () => {
    await second?.stop();
  });
  return {
    stack,
    /** The second instance. */
    second: (): RunningServer => {
      if (!second) throw new Error("the second panel is not started yet: use it inside tests");
      return second;
    },
  };
}
