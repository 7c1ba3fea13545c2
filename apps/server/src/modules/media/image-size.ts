import sharp from 'sharp';

// An image's size read from its header, without decoding a pixel. sharp refuses by default to
// open an image of more than 268 million pixels even just to read its header ("exceeds pixel
// limit"), which is exactly the image a size rule must see: the limit is lifted here, where
// nothing is decoded. Decoding (thumbnails) keeps sharp's limit.

export type ImageSize = { width: number; height: number };

/**
 * Width and height as displayed (a photo turned by its EXIF orientation has its sides swapped);
 * with `firstFrame`, the height of one frame of an animation. Null when the header cannot be read:
 * an image that cannot be measured cannot be judged, and is refused by its callers.
 */
export async function readImageSize(
  input: Buffer | string,
  { firstFrame = false }: { firstFrame?: boolean } = {},
): Promise<ImageSize | null> {
  try {
    const meta = await sharp(input, { failOn: 'none', limitInputPixels: false, animated: false }).metadata();
    // An animation's frames are stacked: one frame is pageHeight high (never turned by EXIF).
    const { width, height } = firstFrame
      ? { width: meta.width, height: meta.pageHeight ?? meta.height }
      : meta.autoOrient;
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
