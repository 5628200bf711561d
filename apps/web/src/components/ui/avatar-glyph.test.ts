import { describe, expect, it } from "vitest";
import { avatarGlyph } from "./avatar-glyph";

describe("avatarGlyph", () => {
  it("prefers the avatar, then the username's initial, then U", () => {
    expect(avatarGlyph({ avatar: "🦊", username: "fox" })).toBe("🦊");
    expect(avatarGlyph({ avatar: null, username: "fox" })).toBe("F");
    expect(avatarGlyph({ avatar: " ", username: "" })).toBe("U");
    expect(avatarGlyph(null)).toBe("U");
  });
});
