/**
 * Renders the site's raster images from SVG drawn here, with sharp and the system's fonts (offline,
 * deterministic): the default share image public/images/og-default.png (1200×630) and the four
 * email logos public/images/email/logo-<venture>.png (480×120, PNG because mail clients do not
 * show SVG). Run `npx tsx scripts/render-images.ts` after changing a drawing, and commit the PNGs.
 */
import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'

const WIDTH = 1200
const HEIGHT = 630

/** A small deterministic random generator, so the stars land in the same places every run. */
const random = (() => {
  let seed = 20241201
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
})()

const stars = Array.from({ length: 140 }, () => {
  const x = (random() * WIDTH).toFixed(1)
  const y = (random() * HEIGHT).toFixed(1)
  const r = (0.6 + random() * 1.8).toFixed(2)
  const o = (0.35 + random() * 0.65).toFixed(2)
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="#f3f1ff" opacity="${o}"/>`
}).join('')

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="sky" cx="20%" cy="0%" r="110%">
      <stop offset="0" stop-color="#2b1d6b"/>
      <stop offset="0.45" stop-color="#100d2e"/>
      <stop offset="1" stop-color="#07061a"/>
    </radialGradient>
    <linearGradient id="aurora" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8b6cff"/>
      <stop offset="0.5" stop-color="#ec6fcf"/>
      <stop offset="1" stop-color="#f5c66b"/>
    </linearGradient>
    <radialGradient id="planet" cx="35%" cy="30%" r="75%">
      <stop offset="0" stop-color="#f5c66b"/>
      <stop offset="0.55" stop-color="#ec6fcf"/>
      <stop offset="1" stop-color="#2b1d6b"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${stars}
  <circle cx="960" cy="470" r="150" fill="url(#planet)" opacity="0.9"/>
  <ellipse cx="960" cy="470" rx="250" ry="46" fill="none" stroke="url(#aurora)" stroke-width="6" opacity="0.8" transform="rotate(-14 960 470)"/>
  <path d="M150 150 l10 26 26 10 -26 10 -10 26 -10 -26 -26 -10 26 -10z" fill="#f5c66b"/>
  <text x="120" y="330" font-family="DejaVu Serif, serif" font-size="112" font-weight="bold" fill="url(#aurora)">Starfinity</text>
  <text x="124" y="410" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#f3f1ff">Where the Future is Human</text>
  <text x="124" y="480" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#b9b4dc">Books · Music · Earth App · Community</text>
</svg>`

const publicDir = path.resolve(import.meta.dirname, '../public/images')

const render = async (file: string, drawing: string) => {
  const out = path.join(publicDir, file)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  await sharp(Buffer.from(drawing)).png({ compressionLevel: 9 }).toFile(out)
  const { width, height } = await sharp(out).metadata()
  console.log(`${out}: ${width}×${height}, ${fs.statSync(out).size} bytes`)
}

await render('og-default.png', svg)

/** The four ventures' logos, shown at the top of the emails (and checked by /deployment-test). */
const LOGOS = [
  { slug: 'earth-app', name: 'Earth App', color: '#5ee6d0' },
  { slug: 'publishing', name: 'Publishing', color: '#f5c66b' },
  { slug: 'records', name: 'Records', color: '#ec6fcf' },
  { slug: 'universe', name: 'Universe', color: '#8b6cff' },
] as const

for (const logo of LOGOS) {
  await render(
    `email/logo-${logo.slug}.png`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">
  <rect width="480" height="120" rx="24" fill="#07061a"/>
  <path d="M60 28 l9 23 23 9 -23 9 -9 23 -9 -23 -23 -9 23 -9z" fill="${logo.color}"/>
  <text x="112" y="58" font-family="DejaVu Serif, serif" font-size="34" font-weight="bold" fill="#f3f1ff">Starfinity</text>
  <text x="114" y="92" font-family="DejaVu Sans, sans-serif" font-size="24" fill="${logo.color}">${logo.name}</text>
</svg>`,
  )
}
