/** The largest side a drawn SVG gets: a review preview, not a print. */
const MAX_SIDE = 4096;
/** What Chromium gives an SVG without a size of its own. */
const DEFAULT_SIZE = { width: 300, height: 150 };

/**
 * An SVG drawn once to a bitmap, as a PNG. A provider's SVG may carry script: in an <img> it runs
 * none, but its blob: address opened in a tab would run it at the app's origin. The SVG's own
 * address lives only while it decodes; what stays on screen (and in any tab) is a PNG.
 */
export async function svgToPng(svg: Blob): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  let image: HTMLImageElement;
  try {
    image = new Image();
    image.src = url;
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  const width = image.naturalWidth || DEFAULT_SIZE.width;
  const height = image.naturalHeight || DEFAULT_SIZE.height;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('The SVG could not be drawn.'))), 'image/png'));
}
