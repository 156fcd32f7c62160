import type { Media } from '@/payload-types'

type Size = { url?: string | null; width?: number | null; height?: number | null }

/**
 * The site's own uploads by path: Payload writes them under SERVER_URL, and a page served under
 * another address (the front's, a second host name) would open a connection of its own for them.
 */
const ownPath = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/api\/media\/file\/)/, '')

/**
 * An uploaded image with its WebP sizes in `srcset`, the page's `sizes`, and the width and height
 * of the image so the layout does not shift while it loads.
 */
export const MediaImage = ({
  media,
  sizes,
  priority = false,
  className,
  alt,
}: {
  media: Media | number | null | undefined
  sizes: string
  priority?: boolean
  className?: string
  /** Only to mark a picture decorative (''): the alt text is the Media document's. */
  alt?: ''
}) => {
  if (!media || typeof media === 'number' || !media.url) return null
  const candidates = [
    media.sizes?.card,
    media.sizes?.fullWidth,
    { url: media.url, width: media.width, height: media.height },
  ].filter((s): s is Size & { url: string; width: number } => Boolean(s?.url && s.width))
  const seen = new Set<number>()
  const srcSet = candidates
    .filter((s) => (seen.has(s.width) ? false : (seen.add(s.width), true)))
    .map((s) => `${ownPath(s.url)} ${s.width}w`)
    .join(', ')
  const fallback = media.sizes?.card?.url ? media.sizes.card : media
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the sizes come from Payload, not next/image
    <img
      className={className}
      src={ownPath(fallback.url ?? media.url)}
      srcSet={srcSet || undefined}
      sizes={sizes}
      width={fallback.width ?? media.width ?? undefined}
      height={fallback.height ?? media.height ?? undefined}
      alt={alt ?? media.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  )
}
