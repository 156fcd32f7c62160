'use client'

import { useState } from 'react'
import styled from 'styled-components'

import type { Media } from '@/payload-types'

import { MediaImage } from '../MediaImage'
import { Modal } from '../Modal'
import { colors } from '../theme'
import { Muted } from '../ui'

export type GalleryPicture = { id?: string | null; image: Media | number; caption: string }

/** The pictures of the site settings; a click opens one full size in a modal (background or button closes it). */
export function AboutGallery({ pictures }: { pictures: GalleryPicture[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const open = openIndex === null ? null : pictures[openIndex]
  return (
    <>
      <Thumbs>
        {pictures.map((picture, index) => (
          <li key={picture.id ?? index}>
            <Thumb type="button" onClick={() => setOpenIndex(index)}>
              <MediaImage
                media={picture.image}
                sizes="(min-width: 1100px) 360px, (min-width: 720px) 50vw, 100vw"
              />
              <span className="visually-hidden">Open full size</span>
            </Thumb>
            <Caption>{picture.caption}</Caption>
          </li>
        ))}
      </Thumbs>
      <Modal
        isOpen={open !== null}
        onClose={() => setOpenIndex(null)}
        label={open?.caption ?? 'Image'}
        wide
      >
        {open && (
          <Full>
            <MediaImage media={open.image} sizes="(min-width: 960px) 900px, 100vw" priority />
            <Muted>{open.caption}</Muted>
          </Full>
        )}
      </Modal>
    </>
  )
}

const Thumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
`

const Thumb = styled.button`
  display: block;
  width: 100%;
  padding: 0;
  border: 1px solid ${colors.border};
  border-radius: 18px;
  overflow: hidden;
  background: ${colors.panel};
  cursor: zoom-in;
  aspect-ratio: 4 / 3;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.3s ease;
  }
  &:hover img {
    transform: scale(1.03);
  }
`

const Caption = styled.p`
  margin: 8px 0 0;
  color: ${colors.muted};
  font-size: 0.9rem;
`

const Full = styled.figure`
  margin: 0;
  text-align: center;
  img {
    width: 100%;
    height: auto;
    max-height: calc(100vh - 180px);
    object-fit: contain;
    border-radius: 12px;
  }
`
