import { HttpError } from "../../lib/http-error.ts";
import { Semaphore } from "../../lib/semaphore.ts";

// A 40-megapixel decode holds about 160 MB: eight at once took the server from 515 to 712 MB. Two
// decodes run at a time per process, each on one thread, and sharp keeps no cache of what it decoded.
export const photoDecodes = new Semaphore(2);
let sharpLoaded: Promise<typeof import("sharp")> | undefined;
// Loaded at the first upload, not at start-up: libvips is memory that most minutes never use.
const loadSharp = () =>
  (sharpLoaded ??= import("sharp").then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module;
  }));

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
export function normalisePhoto(input: Buffer): Promise<Buffer> {
  return photoDecodes.run(() => reencode(input));
}

async function reencode(input: Buffer): Promise<Buffer> {
  // sharp throws synchronously on an empty buffer; the header read below costs no decoding.
  if (input.length === 0) throw refuse(NOT_AN_IMAGE);
  // Loaded at the first upload, not at start-up: libvips is memory that most minutes never use.
  const { default: sharp } = await loadSharp();
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
