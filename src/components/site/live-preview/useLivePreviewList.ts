'use client'

import { isLivePreviewEvent, mergeData, ready } from '@payloadcms/live-preview'
import { useEffect, useState } from 'react'

import { siteOrigin } from './origin'

/**
 * Live preview for a page that lists a collection (e.g. every character on /characters): the
 * document being edited is replaced in the list as the editor types; the others stay as loaded.
 * Payload's `useLivePreview` follows one document, whose id it must know beforehand.
 */
export const useLivePreviewList = <T extends { id: number | string }>(
  collection: string,
  initialDocs: T[],
  depth = 0,
) => {
  const [docs, setDocs] = useState(initialDocs)
  useEffect(() => {
    const serverURL = siteOrigin()
    let latest = 0
    const onMessage = async (event: MessageEvent) => {
      if (!isLivePreviewEvent(event, serverURL) || event.data.collectionSlug !== collection) return
      const incoming = event.data.data as Partial<T>
      if (incoming.id === undefined) return
      const request = ++latest
      const merged = await mergeData<T>({
        collectionSlug: collection,
        depth,
        incomingData: incoming,
        initialData: { id: incoming.id } as T,
        locale: event.data.locale,
        serverURL,
      })
      // Answers may arrive out of order: only the newest form state is shown.
      if (request !== latest) return
      setDocs((list) => list.map((doc) => (doc.id === merged.id ? merged : doc)))
    }
    window.addEventListener('message', onMessage)
    ready({ serverURL })
    return () => window.removeEventListener('message', onMessage)
  }, [collection, depth])
  return docs
}
