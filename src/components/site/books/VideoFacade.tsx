'use client'

import { useState } from 'react'
import styled from 'styled-components'

import type { Media } from '@/payload-types'

import { MediaImage } from '../MediaImage'
import { colors } from '../theme'

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  border-radius: 20px;
  overflow: hidden;
  background: ${colors.deep};
  border: 1px solid ${colors.border};
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`

const Poster = styled.button`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 14px;
  width: 100%;
  border: 0;
  padding: 0;
  cursor: pointer;
  color: ${colors.text};
  font: inherit;
  font-weight: 700;
  background:
    radial-gradient(circle at 50% 40%, rgba(236, 111, 207, 0.45), transparent 60%), ${colors.deep};
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0.35;
  }
  span {
    position: relative;
  }
  .play {
    display: grid;
    place-items: center;
    width: 72px;
    height: 72px;
    border-radius: 50%;
    background: ${colors.gold};
    color: ${colors.ink};
    font-size: 1.8rem;
  }
`

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
    <Frame>
      {isLoaded ? (
        <iframe
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <Poster type="button" onClick={() => setIsLoaded(true)} aria-label={`Play video: ${title}`}>
          {/* Decorative: the album art is described beside the player. */}
          <MediaImage media={poster} sizes="(min-width: 900px) 560px, 100vw" alt="" />
          <span className="play" aria-hidden="true">
            ▶
          </span>
          <span>Play the video</span>
        </Poster>
      )}
    </Frame>
  )
}
