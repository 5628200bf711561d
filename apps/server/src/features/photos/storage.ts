import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { HttpError } from "../../lib/http-error.ts";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Decoding is refused above this many pixels: a small file can declare huge dimensions. */
export const MAX_PHOTO_PIXELS = 40_000_000;
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

const NOT_AN_IMAGE = "Please upload a JPEG, PNG or WebP image.";
const TOO_MANY_PIXELS = `That photo's dimensions are too large: please upload one of at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;
const UNREADABLE = "That image could not be read: it may be damaged or incomplete. Please try another photo.";
const refuse = (message: string) => new HttpError(400, message, { field: "photo" });

/**
 * Re-encodes an upload to WebP: the format is read from the bytes (not the claimed type), the
 * orientation applied, and all metadata (EXIF, GPS) dropped because sharp keeps none by default.
 * Every way an upload can be bad (empty, not an image, too many pixels, cut short) is a 400.
 */
export async function normalisePhoto(input: Buffer): Promise<Buffer> {
  // sharp throws synchronously on an empty buffer; the header read below costs no decoding.
  if (input.length === 0) throw refuse(NOT_AN_IMAGE);
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format)) throw refuse(NOT_AN_IMAGE);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PHOTO_PIXELS) throw refuse(TOO_MANY_PIXELS);
  // A header can be intact while the pixel data is cut short: that only shows while decoding.
  return sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw refuse(UNREADABLE);
    });
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

  /**
   * Every photo file of a user, referenced or not: an upload still on its way while the account is
   * deleted can save a file the profile never points at, which removing by the current key would miss.
   */
  async removeAllOf(userId: number): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const mine = names.filter((name) => name.startsWith(`${userId}-`));
    await Promise.all(mine.map((name) => this.remove(name)));
  }

  private pathOf(key: string): string {
    // Keys are ours, but never let one name a file outside the folder.
    return path.join(this.dir, path.basename(key));
  }
}
