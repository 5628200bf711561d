import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { MediaTable } from "../db/schema/media.ts";
import { isForeignKeyViolation } from "./pg-errors.ts";

/**
 * Where uploaded bytes (photos, voice intros) live, under unguessable keys. The embedded default is a
 * folder on local disk; with DATABASE_URL the database holds them, so that every instance serves every file.
 */
export interface MediaStore {
  /** Stores the bytes and returns their new key; null when the user no longer exists. */
  save(userId: number, bytes: Buffer): Promise<string | null>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /**
   * Every file of a user, referenced or not: an upload still on its way while the account is deleted
   * can save one the profile never points at, which removing by the current key would miss.
   */
  removeAllOf(userId: number): Promise<void>;
  /** The keys held for a user (tests and clean-up checks). */
  keysOf(userId: number): Promise<string[]>;
}

const newKey = (userId: number, extension: string) =>
  `${userId}-${randomBytes(16).toString("hex")}.${extension}`;

export class DiskMediaStore implements MediaStore {
  constructor(
    private readonly dir: string,
    private readonly extension: string,
  ) {}

  async save(userId: number, bytes: Buffer): Promise<string | null> {
    await fs.mkdir(this.dir, { recursive: true });
    const key = newKey(userId, this.extension);
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

export class DatabaseMediaStore implements MediaStore {
  constructor(
    private readonly db: Db,
    private readonly table: MediaTable,
    private readonly extension: string,
  ) {}

  async save(userId: number, bytes: Buffer): Promise<string | null> {
    const key = newKey(userId, this.extension);
    try {
      await this.db.insert(this.table).values({ key, userId, bytes });
      return key;
    } catch (err) {
      if (isForeignKeyViolation(err)) return null; // the account went while the file was on its way
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const { table } = this;
    const [row] = await this.db.select({ bytes: table.bytes }).from(table).where(eq(table.key, key));
    return row?.bytes ?? null;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(this.table).where(eq(this.table.key, key));
  }

  async removeAllOf(userId: number): Promise<void> {
    await this.db.delete(this.table).where(eq(this.table.userId, userId));
  }

  async keysOf(userId: number): Promise<string[]> {
    const { table } = this;
    const rows = await this.db.select({ key: table.key }).from(table).where(eq(table.userId, userId));
    return rows.map((r) => r.key);
  }
}
