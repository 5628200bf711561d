import { describe, expect, it } from "vitest";
import { type ChunkNode, checkBudgets, routeSizes } from "./route-budgets.ts";

const chunk = (fileName: string, bytes: number, opts: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  code: "x".repeat(bytes),
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  ...opts,
});

// main loads react; /home (lazy) loads a card shared with /matches, and react again (already in main).
const graph = [
  chunk("assets/index.js", 100, {
    isEntry: true,
    facadeModuleId: "/app/index.html",
    imports: ["assets/react.js"],
  }),
  chunk("assets/react.js", 50),
  chunk("assets/visitor.js", 30, {
    isEntry: true,
    facadeModuleId: "/app/src/visitor.tsx",
    imports: ["assets/react.js"],
  }),
  chunk("assets/home.js", 20, {
    isDynamicEntry: true,
    facadeModuleId: "/app/src/app/routes/home.tsx",
    imports: ["assets/card.js", "assets/react.js"],
  }),
  chunk("assets/matches.js", 25, {
    isDynamicEntry: true,
    facadeModuleId: "/app/src/app/routes/matches.tsx",
    imports: ["assets/card.js"],
  }),
  chunk("assets/card.js", 10, { imports: ["assets/react.js"] }),
];

describe("route budgets", () => {
  const sizes = routeSizes(graph, "/app/src", (c) => c.code.length);

  it("counts an entry whole, and a lazy route as what it adds to the main entry", () => {
    expect(sizes).toEqual([
      { name: "app/routes/home.tsx", bytes: 30 },
      { name: "app/routes/matches.tsx", bytes: 35 },
      { name: "main.tsx", bytes: 150 },
      { name: "visitor.tsx", bytes: 80 },
    ]);
  });

  it("passes within 10% of the budget, fails beyond it and without one, saying which and by how much", () => {
    const ok = checkBudgets(sizes, {
      "app/routes/home.tsx": 28,
      "app/routes/matches.tsx": 35,
      "main.tsx": 150,
      "visitor.tsx": 80,
    });
    expect(ok.failures).toEqual([]);
    const grown = checkBudgets(sizes, { "app/routes/home.tsx": 27, "main.tsx": 150, "visitor.tsx": 80 });
    expect(grown.failures).toEqual([
      "app/routes/home.tsx is 0.0 KB, over its budget of 0.0 KB by more than 10%.",
      "app/routes/matches.tsx (0.0 KB) has no budget.",
    ]);
    expect(grown.lines.find((l) => l.includes("home.tsx"))).toContain("over by 11%");
  });
});
