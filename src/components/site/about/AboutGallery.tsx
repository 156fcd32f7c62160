'use client'

import Image from 'next/image'
import { useState } from 'react'
import styled from 'styled-components'

import { Modal } from '../Modal'
import { colors } from '../theme'
import { Muted } from '../ui'

export const GALLERY = [
  {
    src: '/images/about/founder-portrait.svg',
    width: 800,
    height: 1000,
    alt: 'Illustrated portrait of the founder under a starry sky',
    caption: 'Dreaming up new worlds under the night sky',
  },
  {
    src: '/images/about/creative-studio.svg',
    width: 1200,
    height: 800,
    alt: 'A writing desk by a window, with a book, a guitar and a small plant',
    caption: 'The studio where stories and songs begin',
  },
  {
    src: '/images/about/nature-walk.svg',
    width: 1200,
    height: 800,
    alt: 'A parent and child walking toward desert dunes at dusk, a fennec fox watching',
    caption: "A dusk walk that became Dune's first story",
  },
] as const

/** Three images; a click opens one full size in a modal that closes on background or button. */
export function AboutGallery() {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const open = openIndex === null ? null : GALLERY[openIndex]
  return (
    <>
      <Thumbs>
        {GALLERY.map((image, index) => (
          <li key={image.src}>
            <Thumb type="button" onClick={() => setOpenIndex(index)}>
              <Image src={image.src} width={image.width} height={image.height} alt={image.alt} />
              <span className="visually-hidden">Open full size</span>
            </Thumb>
            <Caption>{image.caption}</Caption>
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
            <Image src={open.src} width={open.width} height={open.height} alt={open.alt} />
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
