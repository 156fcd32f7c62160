'use client'

import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'

import { ApiError, apiFetch } from '@/lib/api-client'
import type { ShopInfo, ShopProduct } from '@/lib/shopify/types'
import { DEFAULT_SHOP_DESCRIPTION, DEFAULT_SHOP_NAME, SHOP_CACHE_MS } from '@/lib/shopify/types'
import { trackAnalytics } from '@/components/site/tracking/tracker'

import {
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Grid,
  Heading,
  Lead,
  Muted,
  Section,
  Subheading,
} from '../ui'
import styles from './ShopSection.module.css'
import { STOCK_PRODUCT_IMAGE, formatPrice, shopHost } from './shop-format'

export const SHOP_PRODUCT_COUNT = 3
const PRODUCTS_PATH = `/api/shopify/products?limit=${SHOP_PRODUCT_COUNT}`
const SHOP_PATH = '/api/shopify/shop'
/** How near the viewport the section is when its requests start: one screen's height. */
const NEAR_VIEWPORT = '100% 0px'

// Spec §7: five-minute cache, no retry, no refetch on focus or reconnect, no polling.
const swrOptions = {
  dedupingInterval: SHOP_CACHE_MS,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
}
// An answer without data reads as null ("nothing known"), not as a read still under way.
const fetchData = <T,>(path: string) =>
  apiFetch<{ data?: T | null }>(path).then((body) => body.data ?? null)
const messageOf = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback

/** The home page's shop block (section id "shop"): up to three products and the shop link. */
export function ShopSection() {
  // The requests start when the section comes within a screen of the viewport (decision 0132):
  // a visitor who never scrolls this far costs the shop no request and the page no re-render
  // while it starts; the placeholders show until the products come.
  const section = useRef<HTMLElement | null>(null)
  const [isStarted, setStarted] = useState(false)
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        setStarted(true)
      },
      { rootMargin: NEAR_VIEWPORT },
    )
    if (section.current) observer.observe(section.current)
    return () => observer.disconnect()
  }, [])
  const products = useSWR<ShopProduct[] | null>(
    isStarted ? PRODUCTS_PATH : null,
    fetchData,
    swrOptions,
  )
  const shop = useSWR<ShopInfo | null>(isStarted ? SHOP_PATH : null, fetchData, swrOptions)
  const isLoading = !isStarted || products.isLoading
  const shopUrl = shop.data?.url
  // Spec §7/§9: without the shop's info (a failed read, an empty answer, a blank description),
  // its default name and description.
  const isShopRead = shop.error !== undefined || shop.data !== undefined
  const description = isShopRead ? shop.data?.description || DEFAULT_SHOP_DESCRIPTION : undefined

  return (
    <Section id="shop" aria-labelledby="shop-heading" ref={section}>
      <Container>
        <Centered>
          <Eyebrow>Shop</Eyebrow>
          <Heading id="shop-heading">{shop.data?.name || DEFAULT_SHOP_NAME}</Heading>
          {/* The default words hold the description's place until the shop's own come, so the
              section does not grow under a visitor who followed a link to a section below it. */}
          <Lead className={`${styles.shopLead} ${description ? '' : styles.pending}`}>
            {description ?? DEFAULT_SHOP_DESCRIPTION}
          </Lead>
          {shop.error && (
            <Muted role="alert">{messageOf(shop.error, 'Failed to fetch shop info')}</Muted>
          )}
        </Centered>
        <div className={styles.products} aria-busy={isLoading}>
          {isLoading ? (
            <Grid $min={240}>
              {Array.from({ length: SHOP_PRODUCT_COUNT }, (_, index) => (
                <PlaceholderCard key={index} />
              ))}
            </Grid>
          ) : products.error ? (
            <Centered>
              <Muted role="alert">{messageOf(products.error, 'Failed to fetch products')}</Muted>
            </Centered>
          ) : !products.data?.length ? (
            <Centered>
              <Muted>Products coming soon to {shopHost(shop.data ?? undefined)}</Muted>
            </Centered>
          ) : (
            <Grid $min={240}>
              {products.data.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </Grid>
          )}
        </div>
        {/* Its place is kept while the shop is read; a shop without an address has no button. */}
        {(shopUrl || !isShopRead) && (
          <ButtonRow $center className={shopUrl ? undefined : styles.pending}>
            <ExternalButton
              href={shopUrl ?? '#'}
              aria-hidden={shopUrl ? undefined : true}
              tabIndex={shopUrl ? undefined : -1}
              onClick={() =>
                trackAnalytics({
                  action: 'click',
                  category: 'shopping_action',
                  label: 'visit-shop',
                })
              }
            >
              Visit Full Shop
            </ExternalButton>
          </ButtonRow>
        )}
      </Container>
    </Section>
  )
}

/**
 * A product's place while the products are read: the card's own frame, title, description, price
 * and button lines, empty, so the loaded card takes the same height (decision 205).
 */
function PlaceholderCard() {
  return (
    <Card aria-hidden="true" data-testid="product-placeholder">
      <div className={`${styles.imageFrame} ${styles.placeholder}`} />
      <Subheading className={styles.title}>&nbsp;</Subheading>
      <p className={styles.description}>&nbsp;</p>
      <p className={styles.price}>&nbsp;</p>
      <span className={styles.pending}>
        <ExternalButton $variant="secondary" tabIndex={-1}>
          View Details
        </ExternalButton>
      </span>
    </Card>
  )
}

function ProductCard({ product }: { product: ShopProduct }) {
  const [isBroken, setBroken] = useState(false)
  const image = product.images.edges[0]?.node
  const src = !image || isBroken ? STOCK_PRODUCT_IMAGE : image.url
  return (
    <Card as="article" aria-labelledby={`product-${product.handle}`}>
      <div className={styles.imageFrame}>
        {/* eslint-disable-next-line @next/next/no-img-element -- shop images come from the store's CDN */}
        <img
          src={src}
          alt={image?.altText || product.title}
          width={480}
          height={480}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      </div>
      <Subheading id={`product-${product.handle}`} className={styles.title}>
        {product.title}
      </Subheading>
      <p className={styles.description}>{product.description}</p>
      <p className={styles.price}>{formatPrice(product)}</p>
      <ExternalButton
        href={product.url}
        $variant="secondary"
        aria-label={`View Details: ${product.title}`}
        onClick={() =>
          trackAnalytics({ action: 'click', category: 'shopping_action', label: product.handle })
        }
      >
        View Details
      </ExternalButton>
    </Card>
  )
}
