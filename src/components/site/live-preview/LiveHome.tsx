'use client'

import { useLivePreview } from '@payloadcms/live-preview-react'
import type { ReactNode } from 'react'

import type { SiteSetting } from '@/payload-types'

import { Connect } from '../home/Connect'
import { Ecosystem } from '../home/Ecosystem'
import { Hero } from '../home/Hero'
import { siteOrigin } from './origin'

/**
 * The home page's settings-driven sections in the admin's live preview of the site settings: the
 * tagline and links follow the form as the editor types; `children` (the sections between) as loaded.
 */
export function LiveHome({ settings, children }: { settings: SiteSetting; children: ReactNode }) {
  const { data } = useLivePreview<SiteSetting>({
    initialData: settings,
    serverURL: siteOrigin(),
    depth: 0,
  })
  return (
    <>
      <Hero tagline={data.tagline} />
      <Ecosystem bookStoreUrl={data.bookStoreUrl} musicStoreUrl={data.musicStoreUrl} />
      {children}
      <Connect linkHubUrl={data.linkHubUrl} />
    </>
  )
}
