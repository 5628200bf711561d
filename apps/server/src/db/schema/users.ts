import type { Role, Statement } from "@kindred/shared/moderation";
import type { CallPreferences } from "@kindred/shared/user";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export interface StoredVoiceIntro {
  /** The file's key in the voice store. */
  key: string;
  mime: "audio/webm" | "audio/mp4";
  durationMs: number;
  peaks: number[];
  size: number;
  updatedAt: string;
}

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    googleSub: text("google_sub"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dateOfBirth: text("date_of_birth"),
    age: integer("age"),
    gender: text("gender"),
    interestedGenders: text("interested_genders").array(),
    location: text("location"),
    bio: text("bio"),
    agePreferenceMin: integer("age_preference_min"),
    agePreferenceMax: integer("age_preference_max"),
    photoUrl: text("photo_url"),
    /** The voice intro's stored file and what is shown of it; null when there is none. */
    voiceIntro: jsonb("voice_intro").$type<StoredVoiceIntro>(),
    avatar: text("avatar"),
    idVerificationImage: text("id_verification_image"),
    isPhotoRevealed: boolean("is_photo_revealed").notNull().default(false),
    isPremium: boolean("is_premium").notNull().default(false),
    profileType: text("profile_type").notNull().default("basic"),
    idVerified: boolean("id_verified").notNull().default(false),
    idVerificationSkipped: boolean("id_verification_skipped").notNull().default(false),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    /** 'Pause my profile': left out of new matching (its matches and calls go on) until resumed. */
    matchingPaused: boolean("matching_paused").notNull().default(false),
    questionnaireStep: integer("questionnaire_step").notNull().default(0),
    communicationStyle: text("communication_style"),
    freeTimeActivities: text("free_time_activities").array(),
    values: text("values"),
    conflictResolution: text("conflict_resolution"),
    loveLanguage: text("love_language"),
    relationshipPace: text("relationship_pace"),
    dealbreakers: text("dealbreakers").array(),
    callPreferences: jsonb("call_preferences").$type<CallPreferences>(),
    /** The address was confirmed by a link mailed to it (or by Google). Mail notifications need it. */
    emailVerified: boolean("email_verified").notNull().default(false),
    /** When a Kindred page of theirs was last open (its status socket closed): no mail within 5 minutes of it. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    role: text("role").$type<Role>().notNull().default("member"),
    /** Left out of new matching by moderation: the automatic hide, a suspension or a ban. */
    moderationHold: boolean("moderation_hold").notNull().default(false),
    /** Sign-in is refused until then (a suspension). */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** Sign-in is refused for good (a ban). */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    /** A statement of reasons they have yet to acknowledge (a warning, the automatic hide). */
    moderationNotice: jsonb("moderation_notice").$type<Statement>(),
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are the same person to a reader.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_idx").on(t.googleSub),
    // Covers the candidate filter and the SQL pre-rank (matching/pre-rank.ts), so PostgreSQL ranks
    // from the index alone and reads only the rows it keeps (docs/benchmarks.md, bench:matching).
    index("users_candidate_cover_idx")
      .on(
        t.gender,
        t.location,
        t.age,
        t.id,
        t.interestedGenders,
        t.agePreferenceMin,
        t.agePreferenceMax,
        t.communicationStyle,
        t.values,
        t.conflictResolution,
        t.loveLanguage,
        t.relationshipPace,
        t.profileType,
      )
      .where(sql`${t.onboardingCompleted} and not ${t.matchingPaused} and not ${t.moderationHold}`),
  ],
);

export type UserRow = typeof users.$inferSelect;
