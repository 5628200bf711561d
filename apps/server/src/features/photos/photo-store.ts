import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { photos } from "../../db/schema/photos.ts";
import { isForeignKeyViolation } from "../../lib/pg-errors.ts";

/**
 * Where photo bytes live, under unguessable keys. The embedded default is a folder on local disk;
 * with DATABASE_URL the database holds them, so that every instance serves every photo.
 */
export interface PhotoStore {
  /** Stores the bytes and returns their new key; null when the user no longer exists. */
  save(userId: number, bytes: Buffer): Promise<string | null>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /**
   * Every photo of a user, referenced or not: an upload still on its way while the account is deleted
   * can save one the profile never points at, which removing by the current key would miss.
   */
  removeAllOf(userId: number): Promise<void>;
  /** The keys held for a user (tests and clean-up checks). */
  keysOf(userId: number): Promise<string[]>;
}

const newKey = (userId: number) => `${userId}-${randomBytes(16).toString("hex")}.webp`;

export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly dir: string) {}

  async save(userId: number, bytes: Buffer): Promise<string | null> {
    await fs.mkdir(this.dir, { recursive: true });
    const key = newKey(userId);
    await fs.writeFile(this.pathOf(key), bytes);
    return key;
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.pathOf(key)).catch(() => null);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async removeAllOf(userId: number): Promise<void> {
    await Promise.all((await this.keysOf(userId)).map((key) => this.remove(key)));
  }

  async keysOf(userId: number): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    return names.filter((name) => name.startsWith(`${userId}-`));
  }

  private pathOf(key: string): string {
    // Keys are ours, but never let one name a file outside the folder.
    return path.join(this.dir, path.basename(key));
  }
}

export class DatabasePhotoStore implements PhotoStore {
  constructor(private readonly db: Db) {}

  async save(userId: number, bytes: Buffer): Promise<string | null> {
    const key = newKey(userId);
    try {
      await this.db.insert(photos).values({ key, userId, bytes });
      return key;
    } catch (err) {
      if (isForeignKeyViolation(err)) return null; // the account went while the photo was on its way
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const [row] = await this.db.select({ bytes: photos.bytes }).from(photos).where(eq(photos.key, key));
    return row?.bytes ?? null;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(photos).where(eq(photos.key, key));
  }

  async removeAllOf(userId: number): Promise<void> {
    await this.db.delete(photos).where(eq(photos.userId, userId));
  }

  async keysOf(userId: number): Promise<string[]> {
    const rows = await this.db.select({ key: photos.key }).from(photos).where(eq(photos.userId, userId));
    return rows.map((r) => r.key);
  }
}
