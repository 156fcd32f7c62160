'use client'

import styled from 'styled-components'

import { colors } from '../theme'

/** Long-form legal copy: numbered section headings, readable lines, muted lists. */
export const LegalText = styled.div`
  line-height: 1.75;
  section + section {
    margin-top: 36px;
  }
  h2 {
    font-size: clamp(1.3rem, 3vw, 1.6rem);
    margin-bottom: 10px;
  }
  h3 {
    font-size: 1.05rem;
    margin: 18px 0 6px;
    color: ${colors.gold};
  }
  p {
    color: ${colors.muted};
    margin: 0 0 12px;
  }
  ul {
    margin: 0 0 12px;
    padding-left: 1.3rem;
    color: ${colors.muted};
  }
  li + li {
    margin-top: 6px;
  }
`
