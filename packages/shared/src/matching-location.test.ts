import { describe, expect, it } from "vitest";
import { CITY_NAMES } from "./cities.ts";
import { scorePair } from "./matching.ts";
import { distanceKm } from "./matching-location.ts";
import { pair } from "./test-fixtures.ts";

describe("scorePair", () => {
  it("ranks same city above a nearby city above a far one", () => {
    const at = (city: string) => scorePair(...pair({ location: "London" }, { location: city }));
    const same = at("London");
    const near = at("Reading");
    const far = at("Aberdeen");
    expect(same.breakdown.location).toBe(1);
    expect(near.breakdown.location).toBeLessThan(1);
    expect(near.breakdown.location).toBeGreaterThan(far.breakdown.location);
    expect(same.compatibility).toBeGreaterThan(near.compatibility);
    expect(near.compatibility).toBeGreaterThan(far.compatibility);
  });

  it("reads city names case-insensitively and treats unknown places as neutral", () => {
    expect(scorePair(...pair({ location: "london " }, { location: "London" })).breakdown.location).toBe(1);
    expect(scorePair(...pair({ location: "Atlantis" }, { location: "London" })).breakdown.location).toBe(0.5);
    expect(scorePair(...pair({ location: "Atlantis" }, { location: "atlantis" })).breakdown.location).toBe(1);
    expect(scorePair(...pair({ location: null })).breakdown.location).toBe(0.5);
  });
});

describe("distanceKm", () => {
  it("measures great-circle distance between two of the cities", () => {
    expect(distanceKm("London", "London")).toBe(0);
    expect(distanceKm("London", "Edinburgh")).toBeGreaterThan(525);
    expect(distanceKm("London", "Edinburgh")).toBeLessThan(540);
    expect(distanceKm("Leeds", "Bradford")).toBeLessThan(20);
    expect(distanceKm("Edinburgh", "London")).toBe(distanceKm("London", "Edinburgh"));
    expect(distanceKm("newcastle upon tyne", "York")).toBe(distanceKm("Newcastle upon Tyne", "York"));
  });

  it("returns null for a place that is not one of the cities", () => {
    expect(distanceKm("London", "Paris")).toBeNull();
    expect(distanceKm(null, "London")).toBeNull();
  });

  it("is symmetric for every pair of cities", () => {
    for (const x of CITY_NAMES) for (const y of CITY_NAMES) expect(distanceKm(x, y)).toBe(distanceKm(y, x));
  });
});
