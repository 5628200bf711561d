import { describe, expect, it } from "vitest";
import {
  callPreferencesInputSchema,
  normalizeTime,
  parseTime,
  rangesOverlap,
  SLOT_MESSAGES,
  validateSlot,
} from "./call-slots.ts";
import { callPreferencesSchema } from "./user.ts";

const firstMessage = (input: unknown) => {
  const result = callPreferencesInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("parseTime", () => {
  it("reads HH:MM and H:MM within 00:00–23:59", () => {
    expect(parseTime("00:00")).toBe(0);
    expect(parseTime("9:05")).toBe(545);
    expect(parseTime(" 23:59 ")).toBe(1439);
  });

  it("rejects out-of-range and malformed times", () => {
    for (const text of ["24:00", "12:60", "7", "07:5", "ab:cd", "", "-1:00", "12:00:00", "123:00"]) {
      expect(parseTime(text), text).toBeNull();
    }
  });

  it("normalises to HH:MM", () => {
    expect(normalizeTime("9:00")).toBe("09:00");
    expect(normalizeTime("25:00")).toBeNull();
  });
});

describe("rangesOverlap", () => {
  it("treats slots as half-open, so touching slots do not overlap", () => {
    expect(rangesOverlap(540, 720, 720, 900)).toBe(false);
    expect(rangesOverlap(540, 721, 720, 900)).toBe(true);
    expect(rangesOverlap(600, 660, 540, 900)).toBe(true);
  });
});

describe("validateSlot", () => {
  const existing = [{ start: "09:00", end: "12:00" }];

  it("accepts a valid slot", () => {
    expect(validateSlot({ start: "18:00", end: "21:00" }, existing)).toBeNull();
    expect(validateSlot({ start: "12:00", end: "13:00" }, existing)).toBeNull();
    expect(validateSlot({ start: "08:00", end: "09:00" }, existing)).toBeNull();
  });

  it("requires both times", () => {
    expect(validateSlot({}, [])).toBe("Please provide both start and end time");
    expect(validateSlot({ start: "09:00" }, [])).toBe(SLOT_MESSAGES.missing);
    expect(validateSlot({ end: "09:00" }, [])).toBe(SLOT_MESSAGES.missing);
    expect(validateSlot({ start: " ", end: "10:00" }, [])).toBe(SLOT_MESSAGES.missing);
  });

  it("checks the format: hour 0-23, minute 0-59", () => {
    expect(validateSlot({ start: "24:00", end: "10:00" }, [])).toBe("Invalid time format");
    expect(validateSlot({ start: "09:00", end: "10:60" }, [])).toBe(SLOT_MESSAGES.format);
    expect(validateSlot({ start: "nine", end: "10:00" }, [])).toBe(SLOT_MESSAGES.format);
  });

  it("requires the end after the start", () => {
    expect(validateSlot({ start: "10:00", end: "10:00" }, [])).toBe("End time must be after start time");
    expect(validateSlot({ start: "22:00", end: "01:00" }, [])).toBe(SLOT_MESSAGES.order);
  });

  it("refuses an overlap with an existing slot", () => {
    const message = "This time slot overlaps with an existing slot";
    expect(validateSlot({ start: "11:00", end: "13:00" }, existing)).toBe(message);
    expect(validateSlot({ start: "08:00", end: "09:01" }, existing)).toBe(message);
    expect(validateSlot({ start: "10:00", end: "11:00" }, existing)).toBe(message);
    expect(validateSlot({ start: "08:00", end: "13:00" }, existing)).toBe(message);
  });

  it("reports in SPEC order: missing, format, order, overlap", () => {
    expect(validateSlot({ start: "99:99" }, existing)).toBe(SLOT_MESSAGES.missing);
    expect(validateSlot({ start: "12:00", end: "99:99" }, existing)).toBe(SLOT_MESSAGES.format);
    expect(validateSlot({ start: "11:00", end: "10:00" }, existing)).toBe(SLOT_MESSAGES.order);
  });

  it("ignores invalid existing slots", () => {
    expect(validateSlot({ start: "09:00", end: "10:00" }, [{ start: "xx", end: "10:00" }])).toBeNull();
  });
});

describe("callPreferencesInputSchema", () => {
  it("accepts a valid object and returns it in canonical form", () => {
    const result = callPreferencesInputSchema.parse({
      weekdays: [
        { start: "18:00", end: "21:00" },
        { start: "7:30", end: "8:30" },
      ],
      weekends: [{ start: "10:00", end: "14:00" }],
      notAvailable: ["sunday", "monday", "sunday"],
    });
    expect(result).toEqual({
      weekdays: [
        { start: "07:30", end: "08:30" },
        { start: "18:00", end: "21:00" },
      ],
      weekends: [{ start: "10:00", end: "14:00" }],
      notAvailable: ["monday", "sunday"],
    });
    expect(callPreferencesSchema.safeParse(result).success).toBe(true);
  });

  it("treats every list as optional (empty = flexible timing)", () => {
    expect(callPreferencesInputSchema.parse({})).toEqual({ weekdays: [], weekends: [], notAvailable: [] });
  });

  it("applies the slot messages to every slot, with a path to it", () => {
    expect(firstMessage({ weekdays: [{ start: "09:00" }] })).toBe(SLOT_MESSAGES.missing);
    expect(firstMessage({ weekdays: [{ start: "09:00", end: "" }] })).toBe(SLOT_MESSAGES.missing);
    expect(firstMessage({ weekends: [{ start: "25:00", end: "26:00" }] })).toBe(SLOT_MESSAGES.format);
    expect(firstMessage({ weekends: [{ start: 9, end: "10:00" }] })).toBe(SLOT_MESSAGES.format);
    expect(firstMessage({ weekdays: [{ start: "12:00", end: "11:00" }] })).toBe(SLOT_MESSAGES.order);
    const overlap = callPreferencesInputSchema.safeParse({
      weekdays: [
        { start: "09:00", end: "12:00" },
        { start: "12:00", end: "13:00" },
        { start: "11:00", end: "12:30" },
      ],
    });
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues).toEqual([
      expect.objectContaining({ message: SLOT_MESSAGES.overlap, path: ["weekdays", 2] }),
    ]);
  });

  it("does not compare weekday slots with weekend slots", () => {
    const result = callPreferencesInputSchema.safeParse({
      weekdays: [{ start: "09:00", end: "12:00" }],
      weekends: [{ start: "09:00", end: "12:00" }],
    });
    expect(result.success).toBe(true);
  });

  it("refuses unknown day names, non-objects and too many slots", () => {
    expect(firstMessage({ notAvailable: ["Monday"] })).toBe(
      "Unavailable days must be day names from monday to sunday",
    );
    expect(firstMessage("flexible")).toBe(
      "Call preferences must be an object with weekdays, weekends and notAvailable",
    );
    expect(firstMessage({ weekdays: [null] })).toBe(SLOT_MESSAGES.missing);
    const many = Array.from({ length: 25 }, (_, i) => ({
      start: `${String(i % 24).padStart(2, "0")}:00`,
      end: `${String(i % 24).padStart(2, "0")}:30`,
    }));
    expect(firstMessage({ weekdays: many })).toBe("At most 24 call-time slots per list");
  });
});
