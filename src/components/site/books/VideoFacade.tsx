'use client'

import { useState } from 'react'

import type { Media } from '@/payload-types'

import { MediaImage } from '../MediaImage'
import styles from './VideoFacade.module.css'

/**
 * The theme-song video as a facade: only artwork until the visitor asks, then the player loads and
 * starts (no third-party request before the click).
 */
export function VideoFacade({
  videoUrl,
  title,
  poster,
}: {
  videoUrl: string
  title: string
  poster?: Media | number | null
}) {
  const [isLoaded, setIsLoaded] = useState(false)
  const src = `${videoUrl}${videoUrl.includes('?') ? '&' : '?'}autoplay=1`
  return (
    <div className={styles.frame}>
      {isLoaded ? (
        <iframe
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          className={styles.poster}
          onClick={() => setIsLoaded(true)}
          aria-label={`Play video: ${title}`}
        >
          {/* Decorative: the album art is described beside the player. */}
          <MediaImage media={poster} sizes="(min-width: 900px) 560px, 100vw" alt="" />
          <span className={styles.play} aria-hidden="true">
            ▶
          </span>
          <span>Play the video</span>
        </button>
      )}
    </div>
  )
}
