import { Readable } from 'node:stream'
import type { FileProvider, StoredFile } from '../providers/file.js'

/**
 * Product pictures for the demo store, drawn at seed time: a tinted background, a flat silhouette
 * of the product and its name. Nothing is fetched, so the demo works offline and ships no assets.
 */

export type ImageShape =
  | 'tshirt'
  | 'hoodie'
  | 'sweatpants'
  | 'socks'
  | 'cap'
  | 'tote'
  | 'mug'
  | 'poster'
  | 'notebook'
  | 'bottle'
  | 'stickers'
  | 'giftcard'

export interface ImageSpec {
  shape: ImageShape
  title: string
  /** A second line under the title, such as the colour shown. */
  caption?: string
  /** The product's colour; the background is a light tint of `background`. */
  color: string
  background: string
}

const SIZE = 800

/** Silhouettes centred on the origin, about 440 units across, in the product colour. */
const SHAPES: Record<ImageShape, (color: string) => string> = {
  tshirt: (c) =>
    `<path d="M-90 -200 L-215 -140 L-170 -35 L-120 -65 L-120 200 L120 200 L120 -65 L170 -35 L215 -140 L90 -200 Q0 -130 -90 -200 Z" fill="${c}"/>`,
  hoodie: (c) =>
    `<path d="M-100 -190 L-210 -120 L-235 170 L-170 175 L-140 -40 L-140 210 L140 210 L140 -40 L170 175 L235 170 L210 -120 L100 -190 Z" fill="${c}"/>` +
    `<path d="M-100 -190 Q0 -290 100 -190 Q60 -100 0 -95 Q-60 -100 -100 -190 Z" fill="${c}" stroke="#0002" stroke-width="6"/>` +
    `<rect x="-90" y="70" width="180" height="80" rx="18" fill="#0001" stroke="#0002" stroke-width="5"/>`,
  sweatpants: (c) =>
    `<path d="M-130 -190 L130 -190 L155 210 L35 210 L0 -40 L-35 210 L-155 210 Z" fill="${c}"/>` +
    `<rect x="-134" y="-215" width="268" height="40" rx="10" fill="${c}" stroke="#0002" stroke-width="6"/>`,
  socks: (c) =>
    `<path d="M-150 -200 H-40 V60 Q-40 110 -90 130 L-190 170 Q-240 180 -245 135 Q-248 100 -200 85 L-150 65 Z" fill="${c}"/>` +
    `<path d="M40 -170 H150 V90 Q150 140 100 160 L0 200 Q-50 210 -55 165 Q-58 130 -10 115 L40 95 Z" fill="${c}" stroke="#0002" stroke-width="6"/>` +
    `<rect x="-150" y="-200" width="110" height="36" fill="#fff6"/><rect x="40" y="-170" width="110" height="36" fill="#fff6"/>`,
  cap: (c) =>
    `<path d="M-180 60 A180 180 0 0 1 180 60 Z" fill="${c}"/>` +
    `<path d="M100 30 Q280 20 300 100 Q210 125 90 80 Z" fill="${c}" stroke="#0002" stroke-width="6"/>` +
    `<circle cx="0" cy="-118" r="16" fill="#0003"/><path d="M0 -120 V60" stroke="#0002" stroke-width="6"/>`,
  tote: (c) =>
    `<path d="M-90 -90 C-90 -240 90 -240 90 -90" fill="none" stroke="${c}" stroke-width="22"/>` +
    `<rect x="-170" y="-100" width="340" height="310" rx="14" fill="${c}"/>` +
    `<rect x="-170" y="-100" width="340" height="310" rx="14" fill="none" stroke="#0002" stroke-width="6"/>`,
  mug: (c) =>
    `<path d="M80 -100 H135 A75 75 0 0 1 135 60 H80" fill="none" stroke="${c}" stroke-width="34"/>` +
    `<rect x="-160" y="-170" width="250" height="310" rx="28" fill="${c}"/>` +
    `<rect x="-160" y="-170" width="250" height="40" rx="16" fill="#0002"/>`,
  poster: (c) =>
    `<rect x="-170" y="-225" width="340" height="450" fill="#fff" stroke="#333" stroke-width="14"/>` +
    `<circle cx="70" cy="-100" r="45" fill="#f4b400"/>` +
    `<path d="M-150 150 L-50 -20 L20 80 L80 10 L150 150 Z" fill="${c}"/>`,
  notebook: (c) =>
    `<rect x="-150" y="-210" width="300" height="420" rx="18" fill="${c}"/>` +
    `<rect x="90" y="-210" width="24" height="420" fill="#0003"/>` +
    [-160, -100, -40, 20, 80, 140].map((y) => `<circle cx="-150" cy="${y}" r="14" fill="#ccc"/>`).join(''),
  bottle: (c) =>
    `<rect x="-45" y="-230" width="90" height="50" rx="12" fill="#444"/>` +
    `<path d="M-40 -180 H40 V-150 Q110 -120 110 -60 V190 Q110 220 80 220 H-80 Q-110 220 -110 190 V-60 Q-110 -120 -40 -150 Z" fill="${c}"/>` +
    `<rect x="-110" y="-10" width="220" height="90" fill="#fff5"/>`,
  stickers: (c) =>
    `<circle cx="-100" cy="-90" r="95" fill="${c}"/>` +
    `<rect x="20" y="-190" width="170" height="170" rx="30" fill="#f4b400" transform="rotate(12 105 -105)"/>` +
    `<path d="M-40 40 L0 150 L110 150 L20 215 L55 320 L-40 255 L-135 320 L-100 215 L-190 150 L-80 150 Z" transform="translate(40 -80) scale(0.85)" fill="#e8505b"/>` +
    `<circle cx="140" cy="120" r="70" fill="#3f88c5"/>`,
  giftcard: (c) =>
    `<rect x="-250" y="-155" width="500" height="310" rx="30" fill="${c}"/>` +
    `<rect x="-90" y="-155" width="40" height="310" fill="#fff8"/><rect x="-250" y="-20" width="500" height="40" fill="#fff8"/>` +
    `<circle cx="-95" cy="-40" r="34" fill="none" stroke="#fff" stroke-width="14"/>` +
    `<circle cx="-45" cy="-40" r="34" fill="none" stroke="#fff" stroke-width="14"/>`,
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)

export function productSvg(spec: ImageSpec): string {
  // About 0.58 em per character in a sans-serif face: long names shrink to fit 720 of the 800 units.
  const titleSize = Math.min(48, Math.floor(720 / (spec.title.length * 0.58)))
  const caption = spec.caption
    ? `<text x="400" y="740" text-anchor="middle" font-size="30" fill="#555">${escapeXml(spec.caption)}</text>`
    : ''
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${spec.background}"/>`,
    `<circle cx="660" cy="140" r="110" fill="${spec.color}" opacity="0.12"/>`,
    `<circle cx="120" cy="620" r="70" fill="${spec.color}" opacity="0.08"/>`,
    `<g transform="translate(400 350)">${SHAPES[spec.shape](spec.color)}</g>`,
    `<text x="400" y="${spec.caption ? 690 : 710}" text-anchor="middle" font-size="${titleSize}" font-weight="600" fill="#1f2328">${escapeXml(spec.title)}</text>`,
    caption,
    '</svg>',
  ].join('')
}

/** Writes the pictures through the file provider as public files, in order. */
export async function uploadImages(files: FileProvider, specs: readonly ImageSpec[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = []
  try {
    for (const spec of specs) {
      const name = `${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`
      const body = Buffer.from(productSvg(spec), 'utf8')
      stored.push(
        await files.upload(
          { filename: name, mimeType: 'image/svg+xml', stream: Readable.from([body]) },
          { private: false },
        ),
      )
    }
  } catch (error) {
    await removeImages(files, stored)
    throw error
  }
  return stored
}

/** Undoes `uploadImages` when the seed that wanted them fails. */
export async function removeImages(files: FileProvider, stored: readonly StoredFile[]): Promise<void> {
  await Promise.all(stored.map((file) => files.delete(file.key).catch(() => undefined)))
}
