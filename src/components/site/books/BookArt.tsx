'use client'

import styled from 'styled-components'

/** A cover or album image at its intrinsic size, scaled down to fit. */
export const ArtFrame = styled.div<{ $max?: number }>`
  max-width: ${({ $max }) => $max ?? 360}px;
  width: 100%;
  margin: 0 auto;
  border-radius: 18px;
  overflow: hidden;
  box-shadow: 0 20px 60px rgba(0, 0, 0, 0.45);
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`

export const TwoColumns = styled.div`
  display: grid;
  gap: 40px;
  align-items: center;
  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`
