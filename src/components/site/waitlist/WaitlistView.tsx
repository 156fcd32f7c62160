'use client'

import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'

import { trackAnalytics, trackEngagement } from '@/components/site/tracking/tracker'

import { REFERRAL_CODE_PATTERN } from '@/lib/constants'

import { Card, Centered, Container, Eyebrow, Lead, Page, Section, Title } from '../ui'
import { WAITLIST_PAGE_PRODUCTS, type WaitlistPageProduct, waitlistProduct } from './products'
import styles from './WaitlistView.module.css'
import { WaitlistForm } from './WaitlistForm'

/** The page for one product: headline, blurb and the form. */
export function WaitlistView({
  product,
  referralCode,
}: {
  product: WaitlistPageProduct
  referralCode?: string
}) {
  const copy = WAITLIST_PAGE_PRODUCTS[product]
  return (
    <Page>
      <Section>
        <Container $narrow>
          <Centered>
            <Eyebrow>{copy.label}</Eyebrow>
            <Title>{copy.headline}</Title>
            <Lead>{copy.blurb}</Lead>
          </Centered>
          <Card className={styles.formCard}>
            {referralCode && (
              <p className={styles.invited}>A friend invited you to this waitlist.</p>
            )}
            <WaitlistForm key={product} product={product} referralCode={referralCode} />
          </Card>
          <p className={styles.note}>
            We only write about what you joined for. Unsubscribe at any time.
          </p>
        </Container>
      </Section>
    </Page>
  )
}

const onHistoryChange = (onChange: () => void) => {
  window.addEventListener('popstate', onChange)
  return () => window.removeEventListener('popstate', onChange)
}

/**
 * The address's query, read once the page has hydrated (the server renders it without one). Not
 * `useSearchParams`: on a page served from the page cache that renders the whole view in the
 * browser, replacing the server's HTML and painting the page a second time.
 */
const useQuery = () => {
  const search = useSyncExternalStore(
    onHistoryChange,
    () => window.location.search,
    () => '',
  )
  return useMemo(() => new URLSearchParams(search), [search])
}

/**
 * Reads `?product=` and `?ref=` in the browser and sends the page-load events of spec §7 once. The
 * server renders the page's product: the default on `/waitlist`, the product on the per-product
 * page the proxy serves for a known `?product=`.
 */
export function WaitlistFromQuery({ pageProduct }: { pageProduct?: WaitlistPageProduct }) {
  const params = useQuery()
  const query = params.get('product') ?? pageProduct ?? null
  const product = waitlistProduct(query)
  const ref = params.get('ref')?.trim() ?? ''
  const referralCode = REFERRAL_CODE_PATTERN.test(ref) ? ref : undefined

  // Once per product and query, read from the address itself: the first run, right after the
  // page hydrates, may still see the server's render (no query) before the address's.
  const sent = useRef<string | null>(null)
  useEffect(() => {
    const current =
      new URLSearchParams(window.location.search).get('product') ?? pageProduct ?? null
    const currentProduct = waitlistProduct(current)
    const key = `${current} ${currentProduct}`
    if (sent.current === key) return
    sent.current = key
    trackAnalytics({ action: 'navigate', category: 'waitlist_action', label: 'waitlist-page-load' })
    if (current !== currentProduct) return
    const { label, attributes } = WAITLIST_PAGE_PRODUCTS[currentProduct]
    trackAnalytics({
      action: 'explore',
      category: 'waitlist_action',
      label: 'product-specific-engagement',
    })
    trackEngagement('page_view', {
      event: 'product-specific-engagement',
      product: currentProduct,
      productName: label,
      ...attributes,
    })
  }, [query, product, pageProduct])

  return <WaitlistView product={product} referralCode={referralCode} />
}
