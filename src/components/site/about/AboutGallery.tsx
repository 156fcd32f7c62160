'use client'

import { useState } from 'react'

import type { Media } from '@/payload-types'

import { MediaImage } from '../MediaImage'
import { Modal } from '@/components/Modal'
import { Muted } from '../ui'
import styles from './AboutGallery.module.css'

export type GalleryPicture = { id?: string | null; image: Media | number; caption: string }

/** The pictures of the site settings; a click opens one full size in a modal (background or button closes it). */
export function AboutGallery({ pictures }: { pictures: GalleryPicture[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const open = openIndex === null ? null : pictures[openIndex]
  return (
    <>
      <ul className={styles.thumbs}>
        {pictures.map((picture, index) => (
          <li key={picture.id ?? index}>
            <button className={styles.thumb} type="button" onClick={() => setOpenIndex(index)}>
              <MediaImage
                media={picture.image}
                sizes="(min-width: 1100px) 360px, (min-width: 720px) 50vw, 100vw"
              />
              <span className="visually-hidden">Open full size</span>
            </button>
            <p className={styles.caption}>{picture.caption}</p>
          </li>
        ))}
      </ul>
      <Modal
        isOpen={open !== null}
        onClose={() => setOpenIndex(null)}
        label={open?.caption ?? 'Image'}
        wide
      >
        {open && (
          <figure className={styles.full}>
            <MediaImage media={open.image} sizes="(min-width: 960px) 900px, 100vw" priority />
            <Muted>{open.caption}</Muted>
          </figure>
        )}
      </Modal>
    </>
  )
}
