// Location: the 40 cities' great-circle distances and location scores, precomputed at module load.

import { CITIES } from "./cities.ts";
import { LOCATION_ZERO_KM, NEUTRAL_SCORE } from "./matching-weights.ts";

const EARTH_RADIUS_KM = 6371;

// Cities: exact and lower-cased names map to an index; distances and location scores are n×n tables.
const CITY_COUNT = CITIES.length;
const CITY_INDEX = new Map<string, number>();
CITIES.forEach((c, i) => {
  CITY_INDEX.set(c.name, i);
  CITY_INDEX.set(c.name.toLowerCase(), i);
});

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Location score from a distance: 1 at 0 km, falling as the square of the remaining share, 0 from LOCATION_ZERO_KM. */
function locationScoreFromKm(km: number): number {
  const left = 1 - Math.min(km, LOCATION_ZERO_KM) / LOCATION_ZERO_KM;
  return left * left;
}

const CITY_DISTANCE_KM = new Float64Array(CITY_COUNT * CITY_COUNT);
const CITY_LOCATION_SCORE = new Float64Array(CITY_COUNT * CITY_COUNT);
for (let i = 0; i < CITY_COUNT; i++) {
  CITY_LOCATION_SCORE[i * CITY_COUNT + i] = 1;
  for (let j = i + 1; j < CITY_COUNT; j++) {
    const a = CITIES[i] as (typeof CITIES)[number];
    const b = CITIES[j] as (typeof CITIES)[number];
    const km = haversineKm(a.lat, a.lon, b.lat, b.lon);
    const score = locationScoreFromKm(km);
    CITY_DISTANCE_KM[i * CITY_COUNT + j] = km;
    CITY_DISTANCE_KM[j * CITY_COUNT + i] = km;
    CITY_LOCATION_SCORE[i * CITY_COUNT + j] = score;
    CITY_LOCATION_SCORE[j * CITY_COUNT + i] = score;
  }
}

function cityIndex(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  return CITY_INDEX.get(name) ?? CITY_INDEX.get(name.trim().toLowerCase());
}

/**
 * Location part of the score, symmetric and in [0, 1]: the precomputed city score for two of the 40 cities,
 * NEUTRAL_SCORE when either place is missing or unknown (1 if both are the same unknown place).
 */
export function locationScore(x: string | null, y: string | null): number {
  if (!x || !y) return NEUTRAL_SCORE;
  const i = cityIndex(x);
  const j = cityIndex(y);
  if (i !== undefined && j !== undefined) return CITY_LOCATION_SCORE[i * CITY_COUNT + j] ?? 0;
  // Not one of the 40 cities: the same place written the same way is still the same place.
  if (x === y || x.trim().toLowerCase() === y.trim().toLowerCase()) return 1;
  return NEUTRAL_SCORE;
}

/**
 * Great-circle distance in km between two of the 40 cities (names matched exactly, or trimmed and
 * case-insensitively); 0 for the same city; null if either is not one of them.
 */
export function distanceKm(
  cityA: string | null | undefined,
  cityB: string | null | undefined,
): number | null {
  const i = cityIndex(cityA);
  const j = cityIndex(cityB);
  if (i === undefined || j === undefined) return null;
  return CITY_DISTANCE_KM[i * CITY_COUNT + j] ?? null;
}
