import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { HttpError } from "../../lib/http-error.ts";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/**
 * Re-encodes an upload to WebP: the format is read from the bytes (not the claimed type), the
 * orientation applied, and all metadata (EXIF, GPS) dropped because sharp keeps none by default.
 */
export async function normalisePhoto(input: Buffer): Promise<Buffer> {
  const image = sharp(input, { limitInputPixels: 40_000_000, failOn: "error" });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format)) {
    throw new HttpError(400, "Please upload a JPEG, PNG or WebP image.", { field: "photo" });
  }
  return image
    .rotate()
    .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

export class PhotoStore {
  constructor(private readonly dir: string) {}

  /** Stores the bytes under an unguessable key and returns the key. */
  async save(userId: number, bytes: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const key = `${userId}-${randomBytes(16).toString("hex")}.webp`;
    await fs.writeFile(path.join(this.dir, key), bytes);
    return key;
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.pathOf(key)).catch(() => null);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    // Keys are ours, but never let one name a file outside the folder.
    return path.join(this.dir, path.basename(key));
  }
}
