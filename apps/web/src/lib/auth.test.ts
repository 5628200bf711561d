import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { useAuth } from "./auth";

function Consumer() {
  useAuth();
  return null;
}

describe("useAuth", () => {
  it("throws outside an AuthProvider (SPEC §8)", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderToString(createElement(Consumer))).toThrow(
      "useAuth must be used within an AuthProvider",
    );
    quiet.mockRestore();
  });
});
