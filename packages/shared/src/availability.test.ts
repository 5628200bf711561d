import { afterEach, describe, expect, it } from "vitest";
import {
  availabilityLabel,
  availabilityOf,
  DEFAULT_CALL_PREFERENCES,
  describePreferences,
  FLEXIBLE_TIMING_TEXT,
  formatTime12,
  londonClock,
} from "./availability.ts";
import type { CallPreferences } from "./user.ts";

// Every instant is an explicit UTC ISO string, so these tests mean the same whatever TZ the process has.
// June 2025 is BST (UTC+1): Wednesday 11, Friday 13, Saturday 14, Sunday 15.
const at = (iso: string) => new Date(iso);

const evenings: CallPreferences = {
  weekdays: [{ start: "18:00", end: "21:00" }],
  weekends: [{ start: "10:00", end: "14:00" }],
  notAvailable: [],
};
const empty: CallPreferences = { weekdays: [], weekends: [], notAvailable: [] };

describe("londonClock", () => {
  it("reads the London calendar date, weekday and wall-clock time", () => {
    expect(londonClock(at("2025-06-11T17:00:00Z"))).toEqual({
      date: "2025-06-11",
      year: 2025,
      month: 6,
      day: 11,
      weekday: "wednesday",
      secondOfDay: 18 * 3600,
    });
    // 23:30 UTC is already the next day in London during BST.
    expect(londonClock(at("2025-06-11T23:30:00Z"))).toMatchObject({
      date: "2025-06-12",
      weekday: "thursday",
    });
    expect(londonClock(at("2025-01-15T00:00:00Z"))).toMatchObject({ date: "2025-01-15", secondOfDay: 0 });
  });

  it("follows the clock changes", () => {
    // Spring forward: 01:00 GMT becomes 02:00 BST on Sunday 30 March 2025.
    expect(londonClock(at("2025-03-30T00:59:59Z")).secondOfDay).toBe(59 * 60 + 59);
    expect(londonClock(at("2025-03-30T01:00:00Z")).secondOfDay).toBe(2 * 3600);
    // Fall back: 02:00 BST becomes 01:00 GMT on Sunday 26 October 2025.
    expect(londonClock(at("2025-10-26T00:30:00Z")).secondOfDay).toBe(3600 + 1800);
    expect(londonClock(at("2025-10-26T01:30:00Z")).secondOfDay).toBe(3600 + 1800);
  });

  it("refuses an invalid date", () => {
    expect(() => londonClock(new Date("nope"))).toThrow(RangeError);
  });
});

describe("availabilityOf", () => {
  it("is 'now' inside today's weekday slot", () => {
    expect(availabilityOf(evenings, at("2025-06-11T18:30:00Z"))).toEqual({ kind: "now", until: "21:00" });
  });

  it("uses the weekend list on Saturday and Sunday", () => {
    expect(availabilityOf(evenings, at("2025-06-14T10:00:00Z"))).toEqual({ kind: "now", until: "14:00" });
    expect(availabilityOf(evenings, at("2025-06-15T12:59:59Z"))).toEqual({ kind: "now", until: "14:00" });
    // 19:00 on a Saturday is inside the weekday slot only: not available now.
    expect(availabilityOf(evenings, at("2025-06-14T18:00:00Z")).kind).toBe("summary");
  });

  it("includes the start and excludes the end of a slot", () => {
    expect(availabilityOf(evenings, at("2025-06-11T17:00:00Z")).kind).toBe("now"); // 18:00:00
    expect(availabilityOf(evenings, at("2025-06-11T19:59:59Z")).kind).toBe("now"); // 20:59:59
    expect(availabilityOf(evenings, at("2025-06-11T20:00:00Z"))).toEqual({
      kind: "summary",
      text: "Weekdays 6:00 PM–9:00 PM · Weekends 10:00 AM–2:00 PM",
    }); // 21:00:00
  });

  it("is 'soon' when a slot starts within the next 60 minutes, to the second", () => {
    expect(availabilityOf(evenings, at("2025-06-11T16:00:00Z"))).toEqual({
      kind: "soon",
      startsAt: "18:00",
      minutesUntil: 60,
    }); // 17:00, exactly 60 minutes before
    expect(availabilityOf(evenings, at("2025-06-11T16:59:59Z"))).toEqual({
      kind: "soon",
      startsAt: "18:00",
      minutesUntil: 1,
    });
    expect(availabilityOf(evenings, at("2025-06-11T15:59:00Z")).kind).toBe("summary"); // 61 minutes
    expect(availabilityOf(evenings, at("2025-06-11T15:59:59Z")).kind).toBe("summary"); // 60 min 1 s
  });

  it("looks past midnight into tomorrow's slots unless tomorrow is unavailable", () => {
    const late: CallPreferences = {
      weekdays: [],
      weekends: [{ start: "00:00", end: "02:00" }],
      notAvailable: [],
    };
    // Friday 23:30 London; Saturday's slot starts at midnight.
    expect(availabilityOf(late, at("2025-06-13T22:30:00Z"))).toEqual({
      kind: "soon",
      startsAt: "00:00",
      minutesUntil: 30,
    });
    expect(availabilityOf({ ...late, notAvailable: ["saturday"] }, at("2025-06-13T22:30:00Z")).kind).toBe(
      "summary",
    );
    // Sunday 23:30: Monday is a weekday, which has no slots.
    expect(availabilityOf(late, at("2025-06-15T22:30:00Z")).kind).toBe("summary");
  });

  it("is 'unavailable' on a day listed in notAvailable, even inside a slot", () => {
    const prefs: CallPreferences = { ...evenings, notAvailable: ["wednesday"] };
    expect(availabilityOf(prefs, at("2025-06-11T18:30:00Z"))).toEqual({ kind: "unavailable" });
    expect(availabilityOf(prefs, at("2025-06-12T18:30:00Z")).kind).toBe("now");
    // The day is London's: 23:30 UTC on Tuesday is already Wednesday in London.
    expect(availabilityOf(prefs, at("2025-06-10T23:30:00Z")).kind).toBe("unavailable");
  });

  it("is 'anytime' for empty preferences (Flexible Timing), except on unavailable days", () => {
    expect(availabilityOf(empty, at("2025-06-11T03:00:00Z"))).toEqual({ kind: "anytime" });
    const noSundays: CallPreferences = { ...empty, notAvailable: ["sunday"] };
    expect(availabilityOf(noSundays, at("2025-06-15T12:00:00Z"))).toEqual({ kind: "unavailable" });
    expect(availabilityOf(noSundays, at("2025-06-16T12:00:00Z"))).toEqual({ kind: "anytime" });
  });

  it("evaluates unset preferences as 9 AM to 9 PM every day", () => {
    expect(availabilityOf(null, at("2025-06-11T08:00:00Z"))).toEqual({ kind: "now", until: "21:00" }); // 09:00
    expect(availabilityOf(undefined, at("2025-06-14T19:59:59Z")).kind).toBe("now"); // Sat 20:59:59
    expect(availabilityOf(null, at("2025-06-11T07:00:00Z"))).toEqual({
      kind: "soon",
      startsAt: "09:00",
      minutesUntil: 60,
    }); // 08:00
    expect(availabilityOf(null, at("2025-06-11T05:59:00Z"))).toEqual({
      kind: "summary",
      text: "Weekdays 9:00 AM–9:00 PM · Weekends 9:00 AM–9:00 PM",
    }); // 06:59
  });

  it("applies the London offset on both sides of the clock changes", () => {
    // Saturday 29 March 2025 is GMT: 08:30 UTC is 08:30 in London, 30 minutes before 9 AM.
    expect(availabilityOf(null, at("2025-03-29T08:30:00Z"))).toEqual({
      kind: "soon",
      startsAt: "09:00",
      minutesUntil: 30,
    });
    // Sunday 30 March 2025 is BST: 08:30 UTC is 09:30 in London.
    expect(availabilityOf(null, at("2025-03-30T08:30:00Z"))).toEqual({ kind: "now", until: "21:00" });
    // 20:30 UTC is 21:30 BST: past the end, although UTC reads inside the slot.
    expect(availabilityOf(null, at("2025-03-30T20:30:00Z")).kind).toBe("summary");
    // Saturday 25 October is BST (08:30 UTC = 09:30), Sunday 26 October GMT again (08:30 UTC = 08:30).
    expect(availabilityOf(null, at("2025-10-25T08:30:00Z")).kind).toBe("now");
    expect(availabilityOf(null, at("2025-10-26T08:30:00Z"))).toMatchObject({
      kind: "soon",
      minutesUntil: 30,
    });
    expect(availabilityOf(null, at("2025-10-26T20:30:00Z"))).toEqual({ kind: "now", until: "21:00" });
  });

  describe("whatever the process time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it("gives the same answers under America/New_York and Asia/Tokyo", () => {
      const instants = [
        "2025-03-30T08:30:00Z",
        "2025-06-11T16:00:00Z",
        "2025-06-10T23:30:00Z",
        "2025-10-26T20:30:00Z",
      ];
      const prefs: CallPreferences = { ...evenings, notAvailable: ["wednesday"] };
      const answers = () =>
        instants.map((iso) => [availabilityOf(null, at(iso)), availabilityOf(prefs, at(iso))]);
      const london = answers();
      for (const zone of ["America/New_York", "Asia/Tokyo"]) {
        process.env.TZ = zone;
        expect(at("2025-06-11T16:00:00Z").getTimezoneOffset()).not.toBe(-60); // the switch took effect
        expect(answers()).toEqual(london);
      }
    });
  });
});

describe("describePreferences", () => {
  it("summarises weekday and weekend slots in 'h:mm a' form, sorted", () => {
    const prefs: CallPreferences = {
      weekdays: [
        { start: "18:00", end: "21:00" },
        { start: "07:30", end: "08:15" },
      ],
      weekends: [{ start: "00:00", end: "12:00" }],
      notAvailable: ["sunday", "monday"],
    };
    expect(describePreferences(prefs)).toBe(
      "Weekdays 7:30 AM–8:15 AM, 6:00 PM–9:00 PM · Weekends 12:00 AM–12:00 PM · Not available Monday, Sunday",
    );
    expect(describePreferences(evenings)).toBe("Weekdays 6:00 PM–9:00 PM · Weekends 10:00 AM–2:00 PM");
  });

  it("leaves out a list with no slots", () => {
    expect(describePreferences({ ...empty, weekends: [{ start: "10:00", end: "14:00" }] })).toBe(
      "Weekends 10:00 AM–2:00 PM",
    );
  });

  it("says Flexible Timing for empty preferences, with an en dash", () => {
    expect(describePreferences(empty)).toBe("Flexible Timing – always available for calls");
    expect(FLEXIBLE_TIMING_TEXT).toContain("\u2013");
    expect(describePreferences({ ...empty, notAvailable: ["friday"] })).toBe(
      "Any time · Not available Friday",
    );
  });

  it("describes unset preferences as the 9 AM–9 PM default", () => {
    expect(describePreferences(null)).toBe("Weekdays 9:00 AM–9:00 PM · Weekends 9:00 AM–9:00 PM");
    expect(describePreferences(null)).toBe(describePreferences(DEFAULT_CALL_PREFERENCES));
  });
});

describe("formatTime12 and availabilityLabel", () => {
  it("formats times as h:mm a", () => {
    expect(formatTime12("00:00")).toBe("12:00 AM");
    expect(formatTime12("09:05")).toBe("9:05 AM");
    expect(formatTime12("12:00")).toBe("12:00 PM");
    expect(formatTime12("23:59")).toBe("11:59 PM");
    expect(formatTime12("bad")).toBe("bad");
  });

  it("labels each kind", () => {
    expect(availabilityLabel({ kind: "now", until: "21:00" })).toBe("Available now until 9:00 PM");
    expect(availabilityLabel({ kind: "soon", startsAt: "18:00", minutesUntil: 5 })).toBe(
      "Available soon (from 6:00 PM)",
    );
    expect(availabilityLabel({ kind: "unavailable" })).toBe("Not available today");
    expect(availabilityLabel({ kind: "anytime" })).toBe("Available anytime");
    expect(availabilityLabel({ kind: "summary", text: "Weekends 10:00 AM–2:00 PM" })).toBe(
      "Weekends 10:00 AM–2:00 PM",
    );
  });
});
