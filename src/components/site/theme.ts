/** The site's cosmic identity: one palette, one type scale, one set of breakpoints. */
export const colors = {
  night: '#07061a',
  deep: '#100d2e',
  panel: 'rgba(255, 255, 255, 0.06)',
  panelStrong: 'rgba(255, 255, 255, 0.1)',
  border: 'rgba(255, 255, 255, 0.14)',
  text: '#f3f1ff',
  muted: '#b9b4dc',
  violet: '#8b6cff',
  pink: '#ec6fcf',
  gold: '#f5c66b',
  teal: '#5ee6d0',
  danger: '#ff6b81',
  success: '#5ee6a0',
  ink: '#120a2e',
} as const

export const gradients = {
  sky: 'radial-gradient(ellipse at 20% 0%, #2b1d6b 0%, #100d2e 45%, #07061a 100%)',
  cta: 'linear-gradient(90deg, #f5c66b 0%, #ec6fcf 100%)',
  aurora: 'linear-gradient(135deg, #8b6cff 0%, #ec6fcf 50%, #f5c66b 100%)',
} as const

export const fonts = {
  body: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
  display: "'Georgia', 'Iowan Old Style', 'Palatino Linotype', serif",
} as const

export const media = {
  sm: '@media (min-width: 640px)',
  md: '@media (min-width: 900px)',
  lg: '@media (min-width: 1200px)',
} as const

export const HEADER_HEIGHT = 68
