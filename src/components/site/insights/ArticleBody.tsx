'use client'

import styled from 'styled-components'

import { colors } from '../theme'

/** Typography of a rich-text article body (## headings, bold, italics, lists). */
export const ArticleBody = styled.div`
  font-size: 1.08rem;
  line-height: 1.75;
  h2 {
    margin: 2.2rem 0 0.8rem;
    font-size: clamp(1.35rem, 3vw, 1.7rem);
    color: ${colors.gold};
  }
  p {
    margin: 0 0 1.1rem;
  }
  strong {
    color: ${colors.text};
  }
  em {
    color: #e4defc;
  }
  ul,
  ol {
    margin: 0 0 1.2rem;
    padding-left: 1.4rem;
    color: ${colors.muted};
  }
  li + li {
    margin-top: 8px;
  }
`

export const ArticleMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  color: ${colors.muted};
  font-size: 0.95rem;
  span + span::before {
    content: '·';
    margin-right: 16px;
  }
`

export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  li {
    padding: 3px 12px;
    border-radius: 999px;
    border: 1px solid ${colors.border};
    color: ${colors.teal};
    font-size: 0.82rem;
    font-weight: 600;
  }
`
