'use client'

import { createGlobalStyle } from 'styled-components'

import { HEADER_HEIGHT, colors, fonts, gradients } from './theme'

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-padding-top: ${HEADER_HEIGHT + 12}px; -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    color: ${colors.text};
    background: ${colors.night} ${gradients.sky} fixed;
    font-family: ${fonts.body};
    font-size: 1rem;
    line-height: 1.6;
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { font-family: ${fonts.display}; line-height: 1.2; margin: 0 0 0.6em; font-weight: 600; }
  p { margin: 0 0 1em; }
  a { color: ${colors.gold}; }
  img, svg { max-width: 100%; }
  img { height: auto; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${colors.gold}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap;
  }
  .skip-link {
    position: fixed; top: -100px; left: 12px; z-index: 200; padding: 10px 16px;
    border-radius: 10px; background: ${colors.gold}; color: ${colors.ink}; font-weight: 700;
  }
  .skip-link:focus { top: 12px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`
